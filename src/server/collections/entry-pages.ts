import { LOCALES, type Locale } from '../../shared/locales.js';
import type { EntryPages } from '../../shared/page-rendering.js';
import {
  type Collection,
  entryLocales,
  entryPath,
  PROJECT_LINK_KINDS,
  type ProjectContent,
  readingMinutes,
} from '../../shared/schemas/collections.js';
import type { PortfolioItem, SiteContent } from '../../shared/schemas/content.js';
import {
  type EntryCard,
  NOTES_PER_PAGE,
  type NoteListView,
  type NoteView,
  type ProjectView,
} from '../../shared/schemas/entry-views.js';
import type { ContentSnapshot, PublishedEntry } from '../content/content-state.js';
import { escapeHtml } from '../lib/escape-html.js';

/** The addresses of the collections' pages a snapshot serves (in some language): what statistics count as themselves. */
export function entryPagePaths(snapshot: ContentSnapshot): Set<string> {
  return new Set([
    ...snapshot.entries.visible.map((entry) => entryPath(entry.collection, entry.slug)),
    ...snapshot.content.portfolio.items.map((item) => entryPath('projects', item.id)),
  ]);
}

/** The languages with at least one visible note: where the header and footer link "Notes". */
export function notesLocales(snapshot: ContentSnapshot): Locale[] {
  const notes = visibleIn(snapshot, 'notes');
  return LOCALES.filter((locale) => notes.some((entry) => entry.content.text[locale] !== undefined));
}

export function visibleIn(snapshot: ContentSnapshot, collection: Collection): readonly PublishedEntry[] {
  return snapshot.entries.visible.filter((entry) => entry.collection === collection);
}

/** An entry's card in one of its languages (the caller checks it has that language). */
function cardOf(entry: PublishedEntry, locale: Locale): EntryCard {
  const texts = entry.content.text[locale];
  if (!texts) throw new Error(`${entry.slug} has no ${locale} text`);
  const card: EntryCard = {
    collection: entry.collection,
    slug: entry.slug,
    locale,
    title: texts.title,
    summary: texts.summary,
    date: entry.visibleFrom,
    tags: [...entry.content.tags],
    minutes: readingMinutes(entry.rendered[locale]?.words ?? 0, locale),
    locales: entryLocales(entry.content),
  };
  if (entry.content.cover !== undefined) {
    card.cover = entry.content.cover;
    if (texts.cover_alt !== undefined) card.coverAlt = texts.cover_alt;
  }
  return card;
}

function bodyOf(entry: PublishedEntry, locale: Locale) {
  const rendered = entry.rendered[locale];
  return { html: rendered?.html ?? '', headings: rendered?.headings ?? [] };
}

/** Words, as the Markdown pipeline counts them, for a portfolio item that has no page of its own. */
function wordCount(text: string, locale: Locale): number {
  const segmenter = new Intl.Segmenter(locale === 'russian' ? 'ru' : locale === 'english' ? 'en' : 'uz', {
    granularity: 'word',
  });
  let words = 0;
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) words++;
  return words;
}

/** Plain text with blank lines between paragraphs, as the portfolio's dialog shows it, as HTML. */
function paragraphsHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('\n');
}

/**
 * A portfolio item without a project entry still has its address (the dialog's `pushState`): its
 * page shows what the card's dialog shows.
 */
function itemProjectView(content: SiteContent, item: PortfolioItem, locale: Locale): ProjectView {
  return {
    collection: 'projects',
    slug: item.id,
    locale,
    title: item.title[locale],
    summary: item.summary[locale],
    date: `${item.year}-01-01T00:00:00.000Z`,
    tags: [...item.tags],
    cover: item.image,
    coverAlt: item.image_alt[locale],
    minutes: readingMinutes(wordCount(item.description[locale], locale), locale),
    locales: [...LOCALES],
    html: paragraphsHtml(item.description[locale]),
    headings: [],
    group: item.group,
    ...groupTitle(content, item.group, locale),
    year: item.year,
    stack: [],
    links: item.url ? [{ kind: 'live', url: item.url }] : [],
    gallery: [],
  };
}

function groupTitle(content: SiteContent, group: string, locale: Locale): { groupTitle?: string } {
  const found = content.portfolio.groups.find((candidate) => candidate.id === group);
  return found ? { groupTitle: found.title[locale] } : {};
}

function projectView(content: SiteContent, entry: PublishedEntry, locale: Locale): ProjectView {
  const project = entry.content as ProjectContent;
  const texts = project.text[locale];
  const view: ProjectView = {
    ...cardOf(entry, locale),
    ...bodyOf(entry, locale),
    group: project.group,
    ...groupTitle(content, project.group, locale),
    year: project.year,
    stack: [...project.stack],
    links: PROJECT_LINK_KINDS.flatMap((kind) => {
      const url = project.links[kind];
      return url ? [{ kind, url }] : [];
    }),
    gallery: project.gallery.map((item) => ({ image: item.image, caption: item.caption[locale] ?? '' })),
  };
  if (texts?.role !== undefined) view.role = texts.role;
  return view;
}

/** Tags of `notes`, most used first, then by name. */
function tagCounts(notes: readonly PublishedEntry[], locale: Locale): NoteListView['tags'] {
  const counts = new Map<string, number>();
  for (const note of notes) for (const tag of note.content.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const collator = new Intl.Collator(locale === 'russian' ? 'ru' : locale === 'english' ? 'en' : 'uz');
  return [...counts]
    .sort(([a, countA], [b, countB]) => countB - countA || collator.compare(a, b))
    .map(([tag, count]) => ({ tag, count }));
}

/**
 * The collections' pages of one snapshot (the renderer and the public API answer from it): what is
 * visible at the snapshot's moment, one language at a time.
 */
export function entryPagesOf(snapshot: ContentSnapshot): EntryPages {
  const notes = visibleIn(snapshot, 'notes');
  const projects = visibleIn(snapshot, 'projects');
  const notesIn = (locale: Locale) => notes.filter((note) => note.content.text[locale] !== undefined);
  return {
    noteList(locale, { tag, page = 1 }) {
      if (notes.length === 0) return undefined;
      const written = notesIn(locale);
      const tags = tagCounts(written, locale);
      if (tag !== undefined && !tags.some((candidate) => candidate.tag === tag)) return undefined;
      const listed = tag === undefined ? written : written.filter((note) => note.content.tags.includes(tag));
      const pageCount = Math.max(1, Math.ceil(listed.length / NOTES_PER_PAGE));
      if (!Number.isInteger(page) || page < 1 || page > pageCount) return undefined;
      const elsewhere = notes
        .filter((note) => note.content.text[locale] === undefined)
        .map((note) => cardOf(note, entryLocales(note.content)[0] as Locale));
      return {
        locale,
        ...(tag === undefined ? {} : { tag }),
        page,
        pageCount,
        notes: listed.slice((page - 1) * NOTES_PER_PAGE, page * NOTES_PER_PAGE).map((note) => cardOf(note, locale)),
        tags,
        elsewhere,
      };
    },
    note(locale, slug) {
      const written = notesIn(locale);
      const index = written.findIndex((note) => note.slug === slug);
      const note = written[index];
      if (!note) return undefined;
      const view: NoteView = { ...cardOf(note, locale), ...bodyOf(note, locale) };
      const newer = written[index - 1];
      const older = written[index + 1];
      if (newer) view.newer = { slug: newer.slug, title: newer.content.text[locale]?.title ?? newer.slug };
      if (older) view.older = { slug: older.slug, title: older.content.text[locale]?.title ?? older.slug };
      return view;
    },
    project(locale, slug) {
      const entry = projects.find((project) => project.slug === slug);
      if (entry) return entry.content.text[locale] ? projectView(snapshot.content, entry, locale) : undefined;
      const item = snapshot.content.portfolio.items.find((candidate) => candidate.id === slug);
      return item ? itemProjectView(snapshot.content, item, locale) : undefined;
    },
  };
}
