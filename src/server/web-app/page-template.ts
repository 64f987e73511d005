import { SITE_DATA_PLACEHOLDER } from '../../shared/site-data.js';

/** The parts of a page the server fills in; everything else comes from the built `index.html`. */
export interface PageParts {
  /** Attributes of `<html>`, e.g. `lang="ru" data-theme="dark"`. */
  htmlAttributes: string;
  /** Tags added to `<head>` (title, description, links, data scripts). */
  head: string;
  /** The markup inside `<div id="root">`. */
  root: string;
}

const ROOT = '<div id="root"></div>';

/**
 * Cuts the built `index.html` once, at start-up, into the pieces between the parts that change, so
 * a page is put together by concatenation. Nothing is ever passed through `String.replace` with a
 * replacement string, where owner text such as `Dilnoza$'` would be read as a pattern.
 */
export function parsePageTemplate(template: string): (parts: PageParts) => string {
  // The built page's own <title> is replaced by the page's.
  const withoutTitle = template.replace(/<title>[^<]*<\/title>\s*/, '');
  const html = /<html[^>]*>/.exec(withoutTitle);
  if (!html) throw new Error('index.html has no <html> tag');
  const afterHtml = html.index + html[0].length;
  const headAt = withoutTitle.includes(SITE_DATA_PLACEHOLDER)
    ? withoutTitle.indexOf(SITE_DATA_PLACEHOLDER)
    : withoutTitle.indexOf('</head>');
  const headEnd = withoutTitle.includes(SITE_DATA_PLACEHOLDER) ? headAt + SITE_DATA_PLACEHOLDER.length : headAt;
  const rootAt = withoutTitle.indexOf(ROOT);
  if (headAt < afterHtml || rootAt < headEnd) throw new Error('index.html has no </head> or no <div id="root"></div>');
  const beforeHtml = withoutTitle.slice(0, html.index);
  const headStart = withoutTitle.slice(afterHtml, headAt);
  const middle = withoutTitle.slice(headEnd, rootAt);
  const end = withoutTitle.slice(rootAt + ROOT.length);
  return ({ htmlAttributes, head, root }) =>
    `${beforeHtml}<html ${htmlAttributes}>${headStart}${head}${middle}<div id="root">${root}</div>${end}`;
}
