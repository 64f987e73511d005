import { DEFAULT_LOCALE, HTML_LANG, LOCALES } from '../../shared/locales.js';
import { INDEXED_PAGES } from '../../shared/pages.js';
import { escapeHtml as xml } from '../lib/escape-html.js';
import { localeUrl } from './page-head.js';

/** Every page in every language, each with the addresses of its other languages (Google's hreflang form). */
export function sitemapXml(origin: string): string {
  const urls = INDEXED_PAGES.flatMap((page) =>
    LOCALES.map((locale) => {
      const alternates = [
        ...LOCALES.map((other) => [HTML_LANG[other], localeUrl(origin, page, other)] as const),
        ['x-default', localeUrl(origin, page, DEFAULT_LOCALE)] as const,
      ].map(([hreflang, href]) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${xml(href)}"/>`);
      return ['  <url>', `    <loc>${xml(localeUrl(origin, page, locale))}</loc>`, ...alternates, '  </url>'].join(
        '\n',
      );
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Crawlers may read every page; the visitor and contact endpoints and the owner's area are not pages. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/v1/visitor/',
    'Disallow: /api/v1/contact',
    'Disallow: /owner',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
