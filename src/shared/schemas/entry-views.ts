import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { COLLECTIONS, headingSchema, PROJECT_LINK_KINDS } from './collections.js';

/**
 * Entries as visitors get them, one language at a time: the answers of `/api/v1/notes…` and
 * `/api/v1/projects/…`, and the loader data the server renders the same pages from.
 */
const localeSchema = z.enum(LOCALES);

/** An entry in a list: a card on `/notes`, a neighbour, a project's card. */
const entryCardSchema = z.object({
  collection: z.enum(COLLECTIONS),
  slug: z.string(),
  /** The language these texts are in. */
  locale: localeSchema,
  title: z.string(),
  summary: z.string(),
  /** ISO-8601 UTC: when it was (or is) published. */
  date: z.string(),
  tags: z.array(z.string()),
  cover: z.string().optional(),
  coverAlt: z.string().optional(),
  /** Reading time in minutes, in this language's reading speed. */
  minutes: z.int(),
  /** Every language the entry is written in. */
  locales: z.array(localeSchema),
});
export type EntryCard = z.infer<typeof entryCardSchema>;

const neighbourSchema = z.object({ slug: z.string(), title: z.string() });

/** `/notes/<slug>` in one language. */
export const noteViewSchema = entryCardSchema.extend({
  /** The body: rendered and sanitized on publish, code highlighted, headings with ids. */
  html: z.string(),
  headings: z.array(headingSchema),
  /** The next older and the next newer note in this language. */
  older: neighbourSchema.optional(),
  newer: neighbourSchema.optional(),
});
export type NoteView = z.infer<typeof noteViewSchema>;

/** `/portfolio/<slug>` in one language. */
export const projectViewSchema = entryCardSchema.extend({
  html: z.string(),
  headings: z.array(headingSchema),
  role: z.string().optional(),
  group: z.string(),
  /** The group's title in this language, when the group exists. */
  groupTitle: z.string().optional(),
  year: z.int(),
  stack: z.array(z.string()),
  links: z.array(z.object({ kind: z.enum(PROJECT_LINK_KINDS), url: z.string() })),
  gallery: z.array(z.object({ image: z.string(), caption: z.string() })),
});
export type ProjectView = z.infer<typeof projectViewSchema>;

/**
 * A published project no portfolio item stands for, promoted into the portfolio's grid (decision
 * 030): its card and dialog in each language it is written in, served with the portfolio section.
 */
export const portfolioProjectSchema = z.object({
  /** The project's slug: its address, `/portfolio/<id>`, as an item's id is. */
  id: z.string(),
  group: z.string(),
  year: z.int(),
  /** ISO-8601 UTC: when it was published (the newest come first after the owner's items). */
  date: z.string(),
  tags: z.array(z.string()),
  cover: z.string().optional(),
  /** The live work, as an item's `url`. */
  url: z.string().optional(),
  text: z.partialRecord(
    localeSchema,
    z.object({
      title: z.string(),
      summary: z.string(),
      /** The body's first paragraph as plain text, for the dialog; the page has the whole body. */
      lead: z.string().optional(),
      coverAlt: z.string().optional(),
      role: z.string().optional(),
    }),
  ),
});
export type PortfolioProject = z.infer<typeof portfolioProjectSchema>;

/** How many notes `/notes` shows on a page. */
export const NOTES_PER_PAGE = 10;

/** `/notes` in one language, maybe filtered by a tag, one page of it. */
export const noteListViewSchema = z.object({
  locale: localeSchema,
  tag: z.string().optional(),
  /** 1-based. */
  page: z.int().min(1),
  pageCount: z.int().min(1),
  notes: z.array(entryCardSchema),
  /** The tags of this language's notes, most used first, with how many notes have each. */
  tags: z.array(z.object({ tag: z.string(), count: z.int() })),
  /**
   * Notes not written in this language, each once in the first language it has ("also in …"):
   * shown under the list, never mixed into it.
   */
  elsewhere: z.array(entryCardSchema),
});
export type NoteListView = z.infer<typeof noteListViewSchema>;
