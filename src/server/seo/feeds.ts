import { Feed, type Item } from 'feed';
import { type DefaultTreeAdapterMap, parseFragment, serialize } from 'parse5';
import { DEFAULT_LOCALE, HTML_LANG, LOCALE_QUERY_PARAMETER, type Locale } from '../../shared/locales.js';
import { fullName } from '../../shared/owner-name.js';
import { COLLECTION_PATHS, entryPath } from '../../shared/schemas/collections.js';
import type { Identity } from '../../shared/schemas/content.js';
import { escapeHtml } from '../lib/escape-html.js';

/**
 * The notes' feeds, one set per language (issue 27, item 5): RSS 2.0, Atom and JSON Feed 1.1, each
 * with the full text. Built by the `feed` package; where it writes owner text into XML unsafely
 * (see `xmlText`, `rssCdata`, the Atom categories) the text is prepared for it, and the tests parse
 * every output with a real XML parser.
 */

/** The word for "notes" in each language: the feeds' titles, and anywhere else that names them. */
export const NOTES_WORD: Record<Locale, string> = { lotin: 'Qaydlar', russian: 'Заметки', english: 'Notes' };

/** A feed holds the newest notes only: readers poll it, and older notes stay on the site. */
export const MAX_FEED_ITEMS = 50;

/** Each feed's file ending under `/notes/feed/<locale>.` and the type to answer it with. */
export const NOTE_FEED_FORMATS = {
  rss: { extension: 'xml', contentType: 'application/rss+xml; charset=utf-8' },
  atom: { extension: 'atom', contentType: 'application/atom+xml; charset=utf-8' },
  json: { extension: 'json', contentType: 'application/feed+json; charset=utf-8' },
} as const;
export type NoteFeedFormat = keyof typeof NOTE_FEED_FORMATS;

/** One note in one language, as the feeds show it. */
export interface FeedNote {
  slug: string;
  title: string;
  summary: string;
  /** The body, rendered and sanitized on publish; addresses in it may be relative to the site. */
  html: string;
  /** ISO-8601 UTC: when it was published. */
  date: string;
  tags: string[];
  /**
   * The cover picture, described in this language. `url` is its public address (`/media/<path>?w=…`
   * or absolute), not the content path: a path without a leading slash resolves against the note's page.
   */
  cover?: { url: string; alt: string };
}

export interface NoteFeedsInput {
  locale: Locale;
  /** The site's public origin, `https://example.com`. */
  origin: string;
  identity: Identity;
  /** This language's visible notes, in any order: the newest `MAX_FEED_ITEMS` are kept. */
  notes: FeedNote[];
  /** When the feeds last changed; by default the newest note's date. */
  updated?: Date;
}

export interface NoteFeeds {
  rss: string;
  atom: string;
  json: string;
}

/** A page's address in a language, as the site writes its canonical links (page-head's `addressIn`). */
function localized(origin: string, path: string, locale: Locale): string {
  const base = `${origin.replace(/\/+$/, '')}${path}`;
  return locale === DEFAULT_LOCALE ? base : `${base}?${LOCALE_QUERY_PARAMETER}=${locale}`;
}

/** `/notes` in a language, absolute. */
function notesUrl(origin: string, locale: Locale): string {
  return localized(origin, COLLECTION_PATHS.notes, locale);
}

/** A note's page in a language, absolute: its feed items' link and id. */
export function noteUrl(origin: string, slug: string, locale: Locale): string {
  return localized(origin, entryPath('notes', encodeURIComponent(slug)), locale);
}

/** The three feeds of a language, absolute: for their self links and the pages' `rel="alternate"`. */
export function noteFeedUrls(origin: string, locale: Locale): Record<NoteFeedFormat, string> {
  const base = `${origin.replace(/\/+$/, '')}${COLLECTION_PATHS.notes}/feed/${locale}`;
  return {
    rss: `${base}.${NOTE_FEED_FORMATS.rss.extension}`,
    atom: `${base}.${NOTE_FEED_FORMATS.atom.extension}`,
    json: `${base}.${NOTE_FEED_FORMATS.json.extension}`,
  };
}

/**
 * Characters XML 1.0 does not allow in a document at all (C0 controls but tab, line feed and
 * carriage return; lone surrogates; U+FFFE, U+FFFF): no escape can carry them, so they go.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/gu;

function xmlClean(text: string): string {
  return text.replace(NOT_XML, '');
}

/**
 * Text the `feed` package writes as element text: xml-js first turns every `&amp;` back into `&`
 * before escaping, so an owner's literal "&amp;" would lose its "amp;". Escaping `&` once here
 * survives that round exactly.
 */
function xmlText(text: string): string {
  return text.replaceAll('&', '&amp;');
}

/**
 * Text the `feed` package writes in a CDATA section: xml-js splits the section at the first `]]>`
 * only, so every later one is split here, in the same way, and the text reads back unchanged.
 */
function rssCdata(text: string): string {
  const [first, ...rest] = text.split(']]>');
  return rest.length === 0 ? text : `${first}]]>${rest.join(']]]]><![CDATA[>')}`;
}

/** A value for an XML attribute written by hand: nothing in it can end the attribute or the tag. */
function xmlAttribute(text: string): string {
  return text.replace(/[&<>"'\t\n\r]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Attributes whose value is one address, on the elements a rendered body may hold. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'cite']);

type ParentNode = DefaultTreeAdapterMap['parentNode'];

function resolve(value: string, base: string): string {
  try {
    return new URL(value, base).href;
  } catch {
    return value;
  }
}

/** `srcset`: "url descriptor, url descriptor". Addresses with commas are not made by the pipeline. */
function resolveSrcset(value: string, base: string): string {
  return value
    .split(',')
    .map((candidate) => {
      const [url = '', ...descriptors] = candidate.trim().split(/\s+/);
      return [resolve(url, base), ...descriptors].join(' ');
    })
    .join(', ');
}

/**
 * The body with every address made absolute against the note's own address: a feed reader shows it
 * away from the site, with no base to resolve `/media/…`, `#heading` or `/notes/other` against. A
 * walk over the parsed HTML (parse5, as a browser parses), not a pattern over the text; comments go.
 */
function absoluteHtml(html: string, base: string): string {
  const fragment = parseFragment(html);
  const pending: ParentNode[] = [fragment];
  for (let parent = pending.pop(); parent; parent = pending.pop()) {
    parent.childNodes = parent.childNodes.filter((node) => node.nodeName !== '#comment');
    for (const node of parent.childNodes) {
      if (!('tagName' in node)) continue;
      for (const attribute of node.attrs) {
        if (URL_ATTRIBUTES.has(attribute.name)) attribute.value = resolve(attribute.value, base);
        else if (attribute.name === 'srcset') attribute.value = resolveSrcset(attribute.value, base);
      }
      pending.push(node);
      if (node.tagName === 'template' && 'content' in node) pending.push(node.content);
    }
  }
  // parse5 escapes `>` in text and attribute values, but writes raw-text elements (`<style>`) as
  // they are. A sanitized body has none; should one come, its `]]>` must not end a CDATA section.
  return serialize(fragment).replaceAll(']]>', ']]&gt;');
}

interface PreparedNote {
  link: string;
  title: string;
  summary: string;
  content: string;
  date: Date;
  tags: string[];
  cover: string | undefined;
}

function prepare(note: FeedNote, origin: string, locale: Locale): PreparedNote {
  const link = noteUrl(origin, note.slug, locale);
  const cover = note.cover ? resolve(xmlClean(note.cover.url), link) : undefined;
  const figure = note.cover
    ? `<p><img src="${escapeHtml(cover ?? '')}" alt="${escapeHtml(xmlClean(note.cover.alt))}"></p>`
    : '';
  const summary = xmlClean(note.summary);
  const body = xmlClean(note.html).trim() ? xmlClean(note.html) : `<p>${escapeHtml(summary)}</p>`;
  return {
    link,
    title: xmlClean(note.title),
    summary,
    content: absoluteHtml(figure + body, link),
    date: new Date(note.date),
    tags: note.tags.map(xmlClean),
    cover,
  };
}

/** The newest first (the slug breaks ties, so the order never depends on the input's). */
function newestFirst(a: { note: FeedNote; time: number }, b: { note: FeedNote; time: number }): number {
  return b.time - a.time || (a.note.slug < b.note.slug ? -1 : a.note.slug > b.note.slug ? 1 : 0);
}

const ATOM_ROOT = '<feed xmlns="http://www.w3.org/2005/Atom">';
/** U+FFFF never survives `xmlClean`, so this mark cannot come from the owner's text. */
const CATEGORY_MARK = /\uFFFF(\d+)\uFFFF/g;

/**
 * The notes' feeds in one language. Pure: the same input gives the same three documents (no clock:
 * an empty feed without `updated` says 1970).
 */
export function buildNoteFeeds({ locale, origin, identity, notes, updated }: NoteFeedsInput): NoteFeeds {
  const owner = xmlClean(fullName(identity, locale));
  const title = `${owner} — ${NOTES_WORD[locale]}`;
  const description = xmlClean(identity.role[locale]);
  const home = notesUrl(origin, locale);
  const feedUrls = noteFeedUrls(origin, locale);
  // Chosen before any body is parsed: a site with hundreds of notes parses fifty.
  const items = notes
    .map((note) => ({ note, time: Date.parse(note.date) }))
    // A date that is not one cannot be placed in a feed (and would throw in `toISOString`).
    .filter(({ time }) => !Number.isNaN(time))
    .sort(newestFirst)
    .slice(0, MAX_FEED_ITEMS)
    .map(({ note }) => prepare(note, origin, locale));
  const lastChange = updated ?? items[0]?.date ?? new Date(0);
  const common = { id: home, link: home, updated: lastChange, generator: 'Sahifa', language: HTML_LANG[locale] };

  const rss = new Feed({
    ...common,
    title: xmlText(title),
    description: xmlText(description),
    feedLinks: { rss: feedUrls.rss },
  });
  for (const note of items) {
    const item: Item = {
      title: rssCdata(note.title),
      link: note.link,
      date: note.date,
      published: note.date,
      // RSS readers show `description` as HTML: the summary is text, so it is escaped.
      description: escapeHtml(note.summary),
      content: note.content,
      category: note.tags.map((tag) => ({ name: xmlText(tag) })),
      // RSS's own <author> wants an e-mail address; Dublin Core's creator is the usual name (its
      // namespace comes with content:encoded, which every item has).
      extensions: [{ name: 'dc:creator', objects: { _text: xmlText(owner) } }],
    };
    rss.addItem(item);
  }

  const atom = new Feed({
    ...common,
    title: xmlText(title),
    description: xmlText(description),
    author: { name: xmlText(owner) },
    feedLinks: { atom: feedUrls.atom },
  });
  // Atom categories are attributes, which xml-js does not escape (`<` would break the document):
  // each term is a mark here, replaced by its escaped text below.
  const terms: string[] = [];
  for (const note of items) {
    atom.addItem({
      // `type="html"`: the title and summary are text, so they are escaped as HTML.
      title: escapeHtml(note.title),
      link: note.link,
      date: note.date,
      published: note.date,
      description: escapeHtml(note.summary),
      content: note.content,
      author: [{ name: xmlText(owner) }],
      category: note.tags.map((tag) => ({ term: `\uFFFF${terms.push(tag) - 1}\uFFFF` })),
    });
  }
  const atomXml = atom.atom1();
  if (!atomXml.includes(ATOM_ROOT)) throw new Error('feed: unexpected Atom root element');
  const atomText = atomXml
    .replace(ATOM_ROOT, `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${HTML_LANG[locale]}">`)
    .replace(CATEGORY_MARK, (_, index: string) => xmlAttribute(terms[Number(index)] ?? ''));

  const json = new Feed({ ...common, title, description, author: { name: owner }, feedLinks: { json: feedUrls.json } });
  for (const note of items) {
    json.addItem({
      id: note.link,
      title: note.title,
      link: note.link,
      date: note.date,
      published: note.date,
      description: note.summary,
      content: note.content,
      author: [{ name: owner }],
      category: note.tags.map((tag) => ({ name: tag })),
      ...(note.cover ? { image: note.cover } : {}),
    });
  }
  // The package writes JSON Feed 1.0; 1.1 adds the language and a list of authors (`author` stays
  // for 1.0 readers, as the 1.1 spec allows).
  const jsonFeed = JSON.parse(json.json1()) as Record<string, unknown> & { items: Array<Record<string, unknown>> };
  const authors = [{ name: owner }];
  const jsonText = JSON.stringify({
    ...jsonFeed,
    version: 'https://jsonfeed.org/version/1.1',
    language: HTML_LANG[locale],
    authors,
    items: jsonFeed.items.map((item) => ({ ...item, authors })),
  });

  return { rss: rss.rss2(), atom: atomText, json: jsonText };
}
