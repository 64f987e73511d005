import { DEFAULT_LOCALE, HTML_LANG, type Locale, OG_LOCALE } from '../../shared/locales.js';
import { fullName } from '../../shared/owner-name.js';
import { documentTitle } from '../../shared/pages.js';
import type { SiteContent } from '../../shared/schemas/content.js';
import type { EntryCard, NoteView, ProjectView } from '../../shared/schemas/entry-views.js';
import { jsonForScript } from '../../shared/site-data.js';
import { escapeHtml } from '../lib/escape-html.js';
// An entry's languages are its own, so its `x-default` is its first language's address (the plain path
// would show a visitor without a saved language the 404 page when the entry has no Uzbek).
import { NOTE_FEED_FORMATS, type NoteFeedFormat, noteFeedUrls } from './feeds.js';
import { addressIn, clip, type PreviewImage } from './page-head.js';

/** What each feed is called in the page's `<link rel="alternate">`, after the notes' title. */
const FEED_NAMES: Record<NoteFeedFormat, string> = { rss: 'RSS', atom: 'Atom', json: 'JSON Feed' };

/** `<link rel="alternate">` to the feeds of the notes in `locale`, on every page of that language that has notes. */
export function noteFeedLinks(origin: string, locale: Locale, title: string): string[] {
  const urls = noteFeedUrls(origin, locale);
  return (Object.keys(NOTE_FEED_FORMATS) as NoteFeedFormat[]).map(
    (format) =>
      `<link rel="alternate" type="${NOTE_FEED_FORMATS[format].contentType.split(';')[0]}" title="${escapeHtml(`${title} (${FEED_NAMES[format]})`)}" href="${escapeHtml(urls[format])}" />`,
  );
}

export interface EntryHeadInput {
  origin: string;
  /** The entry's address without a language (`/notes/<slug>`). */
  path: string;
  locale: Locale;
  content: SiteContent;
  view: NoteView | ProjectView;
  kind: 'note' | 'project';
  image: PreviewImage;
  /** The entry's cover as an absolute address, when it has one (for JSON-LD). */
  cover: string | undefined;
}

function alternates(origin: string, path: string, card: EntryCard): string[] {
  const first = card.locales[0] ?? DEFAULT_LOCALE;
  const xDefault = card.locales.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : first;
  return [
    ...card.locales.map(
      (other) =>
        `<link rel="alternate" hreflang="${HTML_LANG[other]}" href="${escapeHtml(addressIn(origin, path, other))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(addressIn(origin, path, xDefault))}" />`,
  ];
}

/** schema.org `BlogPosting` for a note, `CreativeWork` for a project. */
function entryJsonLd({ origin, path, locale, content, view, kind, cover }: EntryHeadInput) {
  const author = { '@type': 'Person', name: fullName(content.identity, locale), url: `${origin}/` };
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': kind === 'note' ? 'BlogPosting' : 'CreativeWork',
    [kind === 'note' ? 'headline' : 'name']: view.title,
    description: view.summary,
    url: addressIn(origin, path, locale),
    inLanguage: HTML_LANG[locale],
    author,
    keywords: view.tags.join(', '),
  };
  if (kind === 'note') {
    data.datePublished = view.date;
    data.mainEntityOfPage = addressIn(origin, path, locale);
  } else {
    data.dateCreated = String((view as ProjectView).year);
    data.creator = author;
  }
  if (cover) data.image = cover;
  return data;
}

/** The head of a note's or a project's page: its own title, summary, languages and picture. */
export function entryHead(input: EntryHeadInput): string {
  const { origin, path, locale, content, view, kind, image } = input;
  const title = escapeHtml(documentTitle(fullName(content.identity, locale), view.title));
  const description = escapeHtml(view.summary);
  const canonical = escapeHtml(addressIn(origin, path, locale));
  // The entry's own card: its title and cover (seo-routes.ts, `/og/<collection>/<slug>/<language>.jpg`).
  const picture = { url: image.url, alt: view.title };
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${canonical}" />`,
    ...alternates(origin, path, view),
    `<meta property="og:title" content="${escapeHtml(view.title)}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:site_name" content="${escapeHtml(fullName(content.identity, locale))}" />`,
    `<meta property="og:locale" content="${OG_LOCALE[locale]}" />`,
    ...view.locales
      .filter((other) => other !== locale)
      .map((other) => `<meta property="og:locale:alternate" content="${OG_LOCALE[other]}" />`),
    `<meta property="og:url" content="${canonical}" />`,
    `<meta property="og:type" content="${kind === 'note' ? 'article' : 'website'}" />`,
    `<meta property="og:image" content="${escapeHtml(picture.url)}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(picture.alt)}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${escapeHtml(view.title)}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${escapeHtml(picture.url)}" />`,
    `<meta name="twitter:image:alt" content="${escapeHtml(picture.alt)}" />`,
  ];
  tags.push(
    `<meta property="og:image:type" content="${image.type}" />`,
    `<meta property="og:image:width" content="${image.width}" />`,
    `<meta property="og:image:height" content="${image.height}" />`,
  );
  if (kind === 'note') {
    tags.push(`<meta property="article:published_time" content="${escapeHtml(view.date)}" />`);
    for (const tag of view.tags) tags.push(`<meta property="article:tag" content="${escapeHtml(tag)}" />`);
  }
  tags.push(`<script type="application/ld+json">${jsonForScript(entryJsonLd(input))}</script>`);
  return tags.join('\n    ');
}

export interface NoteListHeadInput {
  origin: string;
  locale: Locale;
  content: SiteContent;
  /** The page's title in this language ("Notes"). */
  pageTitle: string | undefined;
  /** The languages that have notes: the list exists in those only. */
  locales: readonly Locale[];
  /** The first page without a tag is the list; a tag's or a later page is not listed for search engines. */
  filtered: boolean;
  titles: readonly string[];
  image: PreviewImage;
}

/** The head of `/notes`: the owner's notes in one language. */
export function noteListHead({
  origin,
  locale,
  content,
  pageTitle,
  locales,
  filtered,
  titles,
  image,
}: NoteListHeadInput): string {
  const name = fullName(content.identity, locale);
  const title = escapeHtml(documentTitle(name, pageTitle));
  const summary = titles.slice(0, 5).join(', ');
  const description = escapeHtml(clip(summary ? `${pageTitle ?? ''}: ${summary}` : content.identity.role[locale]));
  const canonical = escapeHtml(addressIn(origin, '/notes', locale));
  const first = locales.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : (locales[0] ?? DEFAULT_LOCALE);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:site_name" content="${escapeHtml(name)}" />`,
    `<meta property="og:locale" content="${OG_LOCALE[locale]}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:image" content="${escapeHtml(image.url)}" />`,
    `<meta property="og:image:type" content="${image.type}" />`,
    `<meta property="og:image:width" content="${image.width}" />`,
    `<meta property="og:image:height" content="${image.height}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image.url)}" />`,
  ];
  if (filtered) {
    tags.push('<meta name="robots" content="noindex, follow" />');
    return tags.join('\n    ');
  }
  tags.push(
    `<link rel="canonical" href="${canonical}" />`,
    ...locales.map(
      (other) =>
        `<link rel="alternate" hreflang="${HTML_LANG[other]}" href="${escapeHtml(addressIn(origin, '/notes', other))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(addressIn(origin, '/notes', first))}" />`,
    `<meta property="og:url" content="${canonical}" />`,
  );
  return tags.join('\n    ');
}
