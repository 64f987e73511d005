import { HTML_LANG, type Locale } from '../../shared/locales.js';
import { fullName } from '../../shared/owner-name.js';
import { documentTitle } from '../../shared/pages.js';
import type { SiteContent } from '../../shared/schemas/content.js';
import type { NoteView, ProjectView } from '../../shared/schemas/entry-views.js';
import { jsonForScript } from '../../shared/site-data.js';
import { escapeHtml } from '../lib/escape-html.js';
import { NOTE_FEED_FORMATS, type NoteFeedFormat, noteFeedUrls } from './feeds.js';
import { addressIn, clip, languageLinks, type PreviewImage, sharedLinkTags } from './page-head.js';

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
  const tags = [
    `<title>${title}</title>`,
    ...sharedLinkTags({
      title: escapeHtml(view.title),
      description,
      siteName: fullName(content.identity, locale),
      locale,
      otherLocales: view.locales,
      // The entry's own card: its title and cover (seo-routes.ts, `/og/<collection>/<slug>/<language>.jpg`).
      image,
      imageAlt: view.title,
    }),
    ...languageLinks(origin, path, locale, view.locales),
    `<meta property="og:type" content="${kind === 'note' ? 'article' : 'website'}" />`,
  ];
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
  const tags = [
    `<title>${title}</title>`,
    ...sharedLinkTags({
      title,
      description,
      siteName: name,
      locale,
      otherLocales: locales,
      image,
      imageAlt: `${name} — ${content.identity.role[locale]}`,
    }),
    `<meta property="og:type" content="website" />`,
  ];
  if (filtered) {
    tags.push('<meta name="robots" content="noindex, follow" />');
    return tags.join('\n    ');
  }
  tags.push(...languageLinks(origin, '/notes', locale, locales));
  return tags.join('\n    ');
}
