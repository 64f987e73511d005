import { DEFAULT_LOCALE, HTML_LANG, LOCALES, type Locale } from '../../shared/locales.js';
import { INDEXED_PAGES, PAGES } from '../../shared/pages.js';
import { entryLocales, entryPath } from '../../shared/schemas/collections.js';
import { notesLocales } from '../collections/entry-pages.js';
import type { ContentSnapshot } from '../content/content-state.js';
import { escapeHtml as xml } from '../lib/escape-html.js';
import { addressIn } from './page-head.js';

/** A page of the sitemap: its address without a language, and the languages it exists in. */
export interface SitemapPage {
  path: string;
  locales: readonly Locale[];
  /** When it was last changed (an entry's date), ISO-8601. */
  lastModified?: string;
}

/**
 * Every page in every language it exists in, each with the addresses of its other languages
 * (Google's hreflang form): the fixed pages in all three, and the collections' pages (`entries`) in
 * theirs.
 */
export function sitemapXml(origin: string, entries: readonly SitemapPage[] = []): string {
  const pages: SitemapPage[] = [
    ...INDEXED_PAGES.map((page) => ({ path: PAGES[page].path, locales: LOCALES })),
    ...entries,
  ];
  const urls = pages.flatMap(({ path, locales, lastModified }) => {
    const xDefault = locales.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : (locales[0] ?? DEFAULT_LOCALE);
    const alternates = [
      ...locales.map((other) => [HTML_LANG[other], addressIn(origin, path, other)] as const),
      ['x-default', addressIn(origin, path, xDefault)] as const,
    ].map(([hreflang, href]) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${xml(href)}"/>`);
    return locales.map((locale) =>
      [
        '  <url>',
        `    <loc>${xml(addressIn(origin, path, locale))}</loc>`,
        ...(lastModified ? [`    <lastmod>${xml(lastModified)}</lastmod>`] : []),
        ...alternates,
        '  </url>',
      ].join('\n'),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Crawlers may read every page; the visitor and contact endpoints, the owner's area and shared links are not pages. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/v1/visitor/',
    'Disallow: /api/v1/contact',
    'Disallow: /owner',
    'Disallow: /shared/',
    'Disallow: /api/v1/shared/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The collections' pages for the sitemap: the notes list, each visible entry, each portfolio item's page. */
export function entrySitemapPages(snapshot: ContentSnapshot): SitemapPage[] {
  const listed = notesLocales(snapshot);
  const entries = snapshot.entries.visible.map((entry) => ({
    path: entryPath(entry.collection, entry.slug),
    locales: entryLocales(entry.content),
    lastModified: entry.visibleFrom,
  }));
  const projectSlugs = new Set(
    snapshot.entries.visible.filter((entry) => entry.collection === 'projects').map((entry) => entry.slug),
  );
  const items = snapshot.content.portfolio.items
    .filter((item) => !projectSlugs.has(item.id))
    .map((item) => ({ path: entryPath('projects', item.id), locales: LOCALES }));
  return [...(listed.length > 0 ? [{ path: '/notes', locales: listed }] : []), ...entries, ...items];
}
