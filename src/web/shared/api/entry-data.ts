import type { Locale } from '../../../shared/locales.js';
import { NOT_FOUND_JOKE_COUNT, PAGES, type PageName } from '../../../shared/pages.js';
import type { Collection } from '../../../shared/schemas/collections.js';
import type { NoteListView, NoteView, ProjectView } from '../../../shared/schemas/entry-views.js';
import { ApiError } from './api-client.js';
import { requestNote, requestNoteList, requestProject } from './endpoints.js';

/** The pages that show a collection (issue 27): its list, or one of its entries. */
export type EntryPageName = {
  [Name in PageName]: (typeof PAGES)[Name] extends { collection: Collection } ? Name : never;
}[PageName];

export function isEntryPage(name: unknown): name is EntryPageName {
  return typeof name === 'string' && Object.hasOwn(PAGES, name) && 'collection' in PAGES[name as PageName];
}

/**
 * An entry's page (`/notes/<slug>`, `/portfolio/<slug>`) from the page table: `entryPath` of the
 * shared schemas would bring zod into the pages' chunks (it stays in the contact page's).
 */
export function entryAddress(page: 'note' | 'project', slug: string): string {
  return PAGES[page].path.replace(':slug', encodeURIComponent(slug));
}

/** What each entry page shows when it exists. */
export interface EntryViews {
  notes: NoteListView;
  note: NoteView;
  project: ProjectView;
}

/**
 * An entry page that does not exist (an unknown slug, a language the entry lacks, a page past the
 * last): the route shows the 404 page, which reads its joke from here, and the server answers 404.
 * It is the route's data rather than a thrown response, so the server and the browser render it from
 * the same plain JSON and the layout can title it.
 */
export interface EntryNotFound {
  notFound: true;
  jokeIndex: number;
}

export type EntryRouteData<Name extends EntryPageName> = EntryViews[Name] | EntryNotFound;

export function isEntryNotFound(data: unknown): data is EntryNotFound {
  return typeof data === 'object' && data !== null && (data as Partial<EntryNotFound>).notFound === true;
}

export function entryNotFound(jokeIndex = Math.floor(Math.random() * NOT_FOUND_JOKE_COUNT)): EntryNotFound {
  return { notFound: true, jokeIndex };
}

/** Spec §2 style: an entry's own page is titled by the entry (`Name Surname - <entry title>`). */
export function entryPageTitle(name: PageName, data: unknown): string | undefined {
  if ((name !== 'note' && name !== 'project') || typeof data !== 'object' || data === null) return undefined;
  const { title } = data as { title?: unknown };
  return typeof title === 'string' ? title : undefined;
}

/** `/notes?tag=…&page=…` read from an address's query; undefined for a page number that cannot exist. */
export function notesQuery(search: string): { tag?: string; page?: number } | undefined {
  const parameters = new URLSearchParams(search);
  const query: { tag?: string; page?: number } = {};
  const tag = parameters.get('tag');
  if (tag !== null && tag !== '') query.tag = tag;
  const page = parameters.get('page');
  if (page !== null) {
    if (!/^[1-9][0-9]{0,5}$/.test(page)) return undefined;
    query.page = Number(page);
  }
  return query;
}

/**
 * An entry page's data from the API, in one language. An answer of 404 is the page's 404 page; any
 * other failure is logged in red (spec §8, as a section's) and shown as the route's error.
 */
export async function fetchEntryPage<Name extends EntryPageName>(
  name: Name,
  locale: Locale,
  { search, slug }: { search: string; slug: string | undefined },
): Promise<EntryRouteData<Name>> {
  try {
    if (name === 'notes') {
      const query = notesQuery(search);
      return query ? ((await requestNoteList(locale, query)) as EntryViews[Name]) : entryNotFound();
    }
    if (slug === undefined) return entryNotFound();
    return (await (name === 'note' ? requestNote(locale, slug) : requestProject(locale, slug))) as EntryViews[Name];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return entryNotFound();
    console.error('%cContent fetch failed: %s: %s', 'color: red', name, error instanceof Error ? error.message : error);
    throw error;
  }
}
