import { toString as textOf } from 'hast-util-to-string';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { HTML_LANG, type Locale } from '../../shared/locales.js';
import {
  type EntryContent,
  entryLocales,
  type Heading,
  type RenderedEntry,
  type RenderedText,
} from '../../shared/schemas/collections.js';
import { imagePathSchema } from '../../shared/schemas/content.js';
import { fill } from '../i18n/owner-texts.js';
import { HeadingIds } from './heading-ids.js';
import { type CodeHighlighter, codeHighlighter, highlightedLanguage, type LanguageModule } from './highlight.js';
import { type Element, type ElementContent, type Parent, type Root, SANITIZE_SCHEMA } from './sanitize-schema.js';
import english from './texts/english.json' with { type: 'json' };
import lotin from './texts/lotin.json' with { type: 'json' };
import russian from './texts/russian.json' with { type: 'json' };

/**
 * Markdown made into the safe HTML a page shows, once, when an entry is published (decision 028):
 * remark-parse and remark-gfm read it, remark-rehype makes HTML of it (raw HTML is dropped), the
 * site's own steps below shape it, and rehype-sanitize, last, keeps only what they may write.
 */

const TEXTS: Record<Locale, typeof lotin> = { lotin, russian, english };

/** The levels that get an id and a link to themselves, and those the table of contents lists. */
const ANCHORED_DEPTHS = new Set([2, 3, 4]);
const CONTENTS_DEPTHS = new Set([2, 3]);

/** Links a reader may follow: the web, mail, phone, and the site's own addresses. */
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** A language name safe to show as the code block's label. */
const LANGUAGE_LABEL = /^[a-z0-9+#-]{1,24}$/;

/** Names after a fence that mean "no language": no label. */
const NO_LANGUAGE = new Set(['text', 'txt', 'plain', 'plaintext']);

/** One body in one language: its safe HTML, the headings of its table of contents, its words. */
export async function renderMarkdown(source: string, { locale }: { locale: Locale }): Promise<RenderedText> {
  const texts = TEXTS[locale];
  const headings: Heading[] = [];
  let highlighter: CodeHighlighter | undefined;
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype, {
      // The page's own ids are kept apart by HeadingIds; footnotes' ids are `fn-1` and `fnref-1`.
      clobberPrefix: '',
      footnoteLabel: texts.footnotes,
      footnoteLabelProperties: { className: ['visually-hidden'] },
      footnoteBackLabel: (referenceIndex: number, rereferenceIndex: number) =>
        fill(texts.back_to_reference, {
          reference: `${referenceIndex + 1}${rereferenceIndex > 1 ? `-${rereferenceIndex}` : ''}`,
        }),
    })
    .use(() => (tree: Root) => {
      demoteHeadings(tree);
      keepSafeLinks(tree);
      keepContentPictures(tree);
      anchorHeadings(tree, new HeadingIds(locale, idsIn(tree)), headings);
      shapeCodeBlocks(tree, highlighter);
      wrapTables(tree);
    })
    .use(rehypeSanitize, SANITIZE_SCHEMA)
    .use(rehypeStringify);

  const markdown = processor.parse(source);
  // The highlighter, and the grammars, are loaded only for a body whose code blocks name them.
  const languages = codeLanguages(markdown);
  if (languages.length > 0) highlighter = await codeHighlighter(languages);
  const tree = processor.runSync(markdown);
  return { html: processor.stringify(tree), headings, words: countWords(tree, locale) };
}

/** Every language an entry is written in, rendered. */
export async function renderEntry(content: EntryContent): Promise<RenderedEntry> {
  const rendered: RenderedEntry = {};
  for (const locale of entryLocales(content)) {
    const text = content.text[locale];
    if (text) rendered[locale] = await renderMarkdown(text.body, { locale });
  }
  return rendered;
}

interface MarkdownNode {
  type: string;
  lang?: string | null;
  children?: MarkdownNode[];
}

/** The grammars a body's fenced code blocks need. */
function codeLanguages(node: MarkdownNode): LanguageModule[] {
  const grammar = node.type === 'code' && node.lang ? highlightedLanguage(node.lang.toLowerCase()) : undefined;
  return [...(grammar ? [grammar] : []), ...(node.children?.flatMap(codeLanguages) ?? [])];
}

/**
 * Every element under `parent`, deepest first, replaced by what `replace` gives (itself, other
 * nodes, or nothing).
 */
function replaceElements(parent: Parent, replace: (element: Element) => Element | ElementContent[]): void {
  const children: Root['children'] = [];
  for (const child of parent.children as Root['children']) {
    if (child.type !== 'element') {
      children.push(child);
      continue;
    }
    replaceElements(child, replace);
    const result = replace(child);
    if (Array.isArray(result)) children.push(...result);
    else children.push(result);
  }
  parent.children = children as typeof parent.children;
}

function forEachElement(parent: Parent, visit: (element: Element) => void): void {
  for (const child of parent.children) {
    if (child.type !== 'element') continue;
    visit(child);
    forEachElement(child, visit);
  }
}

const headingDepth = (element: Element) => {
  const match = /^h([1-6])$/.exec(element.tagName);
  return match ? Number(match[1]) : undefined;
};

/** The page has its own h1: a body that uses `#` has every heading moved one level down (h6 stays h6). */
function demoteHeadings(tree: Root): void {
  let hasH1 = false;
  forEachElement(tree, (element) => {
    if (element.tagName === 'h1') hasH1 = true;
  });
  if (!hasH1) return;
  forEachElement(tree, (element) => {
    const depth = headingDepth(element);
    // The footnotes' hidden heading (which alone has an id yet) stays an h2 beside the body's h2s.
    if (depth !== undefined && depth < 6 && element.properties.id === undefined) element.tagName = `h${depth + 1}`;
  });
}

/**
 * A link whose address is not the web, mail, a phone or the site's own becomes its words
 * (`javascript:`, `data:`, `vbscript:` and every other scheme). The address is judged as written
 * after Markdown decoded it; rehype-sanitize judges it again. Links keep the reader's tab: no
 * `target`, and so no `rel="noopener"` to add (decision 028).
 */
function keepSafeLinks(tree: Root): void {
  replaceElements(tree, (element) => {
    if (element.tagName !== 'a') return element;
    const href = element.properties.href;
    return typeof href === 'string' && isSafeHref(href) ? element : element.children;
  });
}

function isSafeHref(href: string): boolean {
  if (/[\s\p{Cc}]/u.test(href)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1];
  return scheme === undefined || LINK_SCHEMES.has(scheme.toLowerCase());
}

/**
 * Only the content's own pictures are shown (`notes/cat.webp`, served from `/media/`): the
 * Content-Security-Policy allows no other. Any other picture leaves its description as text.
 */
function keepContentPictures(tree: Root): void {
  replaceElements(tree, (element) => {
    if (element.tagName !== 'img') return element;
    const { src, alt, title } = element.properties;
    const description = typeof alt === 'string' ? alt : '';
    if (typeof src !== 'string' || !imagePathSchema.safeParse(src).success)
      return description ? [{ type: 'text', value: description }] : [];
    element.properties = {
      src: `/media/${src}`,
      alt: description,
      ...(typeof title === 'string' ? { title } : {}),
      loading: 'lazy',
      decoding: 'async',
    };
    return element;
  });
  // A paragraph that held only a dropped picture goes with it.
  replaceElements(tree, (element) =>
    element.tagName === 'p' && element.children.every((child) => child.type === 'text' && !child.value.trim())
      ? []
      : element,
  );
}

/** The ids already in the body (the footnotes'), which a heading must not take. */
function idsIn(tree: Root): string[] {
  const ids: string[] = [];
  forEachElement(tree, (element) => {
    if (typeof element.properties.id === 'string') ids.push(element.properties.id);
  });
  return ids;
}

const isFootnoteReference = (node: ElementContent) =>
  node.type === 'element' && node.tagName === 'a' && node.properties.dataFootnoteRef !== undefined;

/** A heading's words, without its footnote references' numbers. */
function headingText(heading: Element): string {
  const withoutReferences = (node: Element): Element => ({
    ...node,
    children: node.children
      .filter((child) => !isFootnoteReference(child))
      .map((child) => (child.type === 'element' ? withoutReferences(child) : child)),
  });
  return textOf(withoutReferences(heading)).replace(/\s+/g, ' ').trim();
}

/**
 * h2–h4 get a stable id, and their words become a link to it (the reader copies it; its accessible
 * name is the heading itself, in the page's language). A link inside a heading keeps its words only,
 * as links do not nest; a footnote reference keeps its id, which the footnote links back to.
 */
function anchorHeadings(tree: Root, ids: HeadingIds, headings: Heading[]): void {
  forEachElement(tree, (element) => {
    const depth = headingDepth(element);
    if (depth === undefined || !ANCHORED_DEPTHS.has(depth) || element.properties.id !== undefined) return;
    const text = headingText(element);
    const id = ids.next(text);
    replaceElements(element, (inner) => {
      if (inner.tagName !== 'a') return inner;
      const innerId = inner.properties.id;
      return typeof innerId === 'string'
        ? { type: 'element', tagName: 'span', properties: { id: innerId }, children: inner.children }
        : inner.children;
    });
    element.properties = { id };
    element.children = [
      {
        type: 'element',
        tagName: 'a',
        properties: { className: ['heading-anchor'], href: `#${id}` },
        children: element.children,
      },
    ];
    if (CONTENTS_DEPTHS.has(depth)) headings.push({ depth, id, text });
  });
}

/** Code blocks, fenced code with its language's tokens as classes (`hl-keyword`) and its language as a label. */
function shapeCodeBlocks(tree: Root, highlighter: CodeHighlighter | undefined): void {
  replaceElements(tree, (element) => {
    const code = element.children[0];
    if (element.tagName !== 'pre' || code?.type !== 'element' || code.tagName !== 'code') return element;
    return codeBlock(code, highlighter);
  });
}

function codeBlock(code: Element, highlighter: CodeHighlighter | undefined): Element {
  const className = code.properties.className;
  const named = Array.isArray(className) ? className.find((name) => String(name).startsWith('language-')) : undefined;
  const language = named === undefined ? undefined : String(named).slice('language-'.length).toLowerCase();
  const source = textOf(code).replace(/\n$/, '');
  const children: ElementContent[] = [];
  const lines =
    highlighter && language !== undefined
      ? highlighter.tokens(source, language)
      : [[{ text: source, classes: [] as string[] }]];
  lines.forEach((line, index) => {
    if (index > 0) children.push({ type: 'text', value: '\n' });
    for (const token of line)
      children.push(
        token.classes.length
          ? {
              type: 'element',
              tagName: 'span',
              properties: { className: token.classes },
              children: [{ type: 'text', value: token.text }],
            }
          : { type: 'text', value: token.text },
      );
  });
  const label = language !== undefined && LANGUAGE_LABEL.test(language) && !NO_LANGUAGE.has(language);
  return {
    type: 'element',
    tagName: 'pre',
    // Focusable, so a keyboard can scroll a long line (axe: scrollable-region-focusable).
    properties: { className: ['code-block'], ...(label ? { dataLanguage: language } : {}), tabIndex: 0 },
    children: [{ type: 'element', tagName: 'code', properties: {}, children }],
  };
}

/** A table scrolls sideways inside its own box on a narrow screen, and the keyboard can scroll it. */
function wrapTables(tree: Root): void {
  replaceElements(tree, (element) =>
    element.tagName === 'table'
      ? {
          type: 'element',
          tagName: 'div',
          properties: { className: ['table-scroll'], tabIndex: 0 },
          children: [element],
        }
      : element,
  );
}

const segmenters = new Map<Locale, Intl.Segmenter>();

const BLOCKS = new Set([
  'p',
  'li',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'blockquote',
  'td',
  'th',
  'tr',
  'div',
  'section',
  'br',
  'hr',
]);

/**
 * The words a reader reads, as the language's word segmentation finds them: the text, code blocks
 * included (a reader reads code too, slowly; decision 028), without pictures' descriptions (the
 * eye skips them), the footnotes' hidden heading, or the footnote references' numbers.
 */
function countWords(tree: Root, locale: Locale): number {
  const parts: string[] = [];
  const collect = (parent: Parent) => {
    for (const child of parent.children) {
      if (child.type === 'text') parts.push(child.value);
      if (child.type !== 'element') continue;
      const className = child.properties.className;
      if (Array.isArray(className) && className.includes('visually-hidden')) continue;
      if (isFootnoteReference(child)) continue;
      const block = BLOCKS.has(child.tagName);
      if (block) parts.push(' ');
      collect(child);
      if (block) parts.push(' ');
    }
  };
  collect(tree);
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(HTML_LANG[locale], { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  let words = 0;
  for (const piece of parts.join('').split(/\s+/)) {
    if (!piece) continue;
    // The segmenter is slow (about 50 ms for 2,000 words); a piece that is plainly one word skips it.
    if (ONE_WORD.test(piece)) words++;
    else for (const segment of segmenter.segment(piece)) if (segment.isWordLike) words++;
  }
  return words;
}

/** Latin or Cyrillic letters only, or digits only: one word for any segmenter (Unicode's UAX #29). */
const ONE_WORD = /^(?:[\p{Script=Latin}\p{Script=Cyrillic}\p{M}]+|\p{Nd}+)$/u;
