import { z } from 'zod';
import { LOCALES, type Locale } from '../locales.js';
import { imagePathSchema, webUrlSchema } from './content.js';

/**
 * Collections (issue 27): many entries of one kind, each with its own address, drafts and history,
 * beside the five fixed sections. An entry's languages are optional: a note may exist only in Uzbek
 * and Russian, and then it has no English page, feed item or hreflang link.
 *
 * What the owner edits (and `notes/<slug>/<language>.md` holds) is an entry's *content*; what the
 * server derives from it on publish (the Markdown made HTML, its headings and word count) is its
 * *rendering*, stored beside it in the same version.
 */
export const COLLECTIONS = ['notes', 'projects'] as const;
export type Collection = (typeof COLLECTIONS)[number];

/** An entry's address under its collection's, shared by its languages: `/notes/<slug>`, `/portfolio/<slug>`. */
export const entrySlugSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lowercase letters, digits and single dashes');

/**
 * What the owner sets. "Scheduled" is not a state of its own: a published entry whose date is still
 * to come, shown by itself when the time comes (`entryVisibleFrom`).
 */
const ENTRY_STATUSES = ['draft', 'published'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** What the studio shows: `scheduled` is `published` with a date in the future. */
export type EntryState = 'draft' | 'scheduled' | 'published';

const text = (max: number) => z.string().trim().min(1).max(max);

/** A date (`2026-11-20`, midnight UTC) or a date and time with its offset (`2026-11-20T09:30:00+05:00`). */
const entryDateSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

const tagSchema = text(40);

/** One language's text of an entry. The body is Markdown; raw HTML in it never reaches a page. */
const noteTextSchema = z.strictObject({
  title: text(200),
  summary: text(500),
  body: z.string().max(100_000),
  /** Required when the entry has a cover: every picture is described in every language it is shown in. */
  cover_alt: text(300).optional(),
});

const projectTextSchema = noteTextSchema.extend({
  /** The owner's part in the project ("Lead developer"). */
  role: text(120).optional(),
});

function perLanguage<Schema extends z.ZodType>(schema: Schema) {
  return z
    .strictObject(
      Object.fromEntries(LOCALES.map((locale) => [locale, schema.optional()])) as Record<Locale, z.ZodOptional<Schema>>,
    )
    .refine((texts) => LOCALES.some((locale) => texts[locale] !== undefined), {
      message: 'give the entry at least one language',
    });
}

const commonFields = {
  slug: entrySlugSchema,
  status: z.enum(ENTRY_STATUSES),
  date: entryDateSchema,
  tags: z.array(tagSchema).max(12),
  cover: imagePathSchema.optional(),
};

/** Every language with a text must describe the cover, when there is one. */
function coverDescribed(
  entry: { cover?: string | undefined; text: Partial<Record<Locale, { cover_alt?: string | undefined }>> },
  context: z.RefinementCtx,
) {
  if (entry.cover === undefined) return;
  for (const locale of LOCALES) {
    const texts = entry.text[locale];
    if (texts && texts.cover_alt === undefined) {
      context.addIssue({ code: 'custom', path: ['text', locale, 'cover_alt'], message: 'describe the cover' });
    }
  }
}

const noteContentSchema = z
  .strictObject({ ...commonFields, text: perLanguage(noteTextSchema) })
  .superRefine(coverDescribed);
export type NoteContent = z.infer<typeof noteContentSchema>;

const projectLinksSchema = z.strictObject({
  live: webUrlSchema.optional(),
  code: webUrlSchema.optional(),
  case_study: webUrlSchema.optional(),
});
export const PROJECT_LINK_KINDS = ['live', 'code', 'case_study'] as const;
export type ProjectLinkKind = (typeof PROJECT_LINK_KINDS)[number];

const galleryItemSchema = z.strictObject({
  image: imagePathSchema,
  /** Also the picture's alt text in that language. */
  caption: z.strictObject(
    Object.fromEntries(LOCALES.map((locale) => [locale, text(300).optional()])) as Record<
      Locale,
      z.ZodOptional<ReturnType<typeof text>>
    >,
  ),
});

const projectContentSchema = z
  .strictObject({
    ...commonFields,
    /** The id of one of the portfolio's groups. */
    group: entrySlugSchema,
    year: z.int().min(1950).max(2100),
    stack: z.array(text(40)).max(20),
    links: projectLinksSchema,
    gallery: z.array(galleryItemSchema).max(24),
    text: perLanguage(projectTextSchema),
  })
  .superRefine(coverDescribed)
  .superRefine((project, context) => {
    project.gallery.forEach((item, index) => {
      for (const locale of LOCALES) {
        if (project.text[locale] && item.caption[locale] === undefined) {
          context.addIssue({
            code: 'custom',
            path: ['gallery', index, 'caption', locale],
            message: 'give the picture a caption in every language the project has',
          });
        }
      }
    });
  });
export type ProjectContent = z.infer<typeof projectContentSchema>;

export const entryContentSchemas = { notes: noteContentSchema, projects: projectContentSchema } as const;

export type EntryContent<Name extends Collection = Collection> = {
  notes: NoteContent;
  projects: ProjectContent;
}[Name];

/** The languages an entry is written in, in the site's order. */
export function entryLocales(entry: { text: Partial<Record<Locale, unknown>> }): Locale[] {
  return LOCALES.filter((locale) => entry.text[locale] !== undefined);
}

/** From when visitors see an entry (ISO-8601 UTC), or undefined for a draft. */
export function entryVisibleFrom(entry: { status: EntryStatus; date: string }): string | undefined {
  if (entry.status !== 'published') return undefined;
  return new Date(Date.parse(entry.date)).toISOString();
}

export function entryState(entry: { status: EntryStatus; date: string }, now = new Date()): EntryState {
  const from = entryVisibleFrom(entry);
  if (from === undefined) return 'draft';
  return from > now.toISOString() ? 'scheduled' : 'published';
}

/** A heading of a rendered body: its level, its stable id (the anchor) and its words. */
export const headingSchema = z.object({ depth: z.int().min(2).max(6), id: z.string(), text: z.string() });
export type Heading = z.infer<typeof headingSchema>;

/** One language's body as it was rendered on publish: sanitized HTML, its headings and its words. */
export const renderedTextSchema = z.object({
  html: z.string(),
  headings: z.array(headingSchema),
  words: z.int().min(0),
});
export type RenderedText = z.infer<typeof renderedTextSchema>;

/** An entry's bodies rendered, per language it has. */
export type RenderedEntry = Partial<Record<Locale, RenderedText>>;

/** Words a reader reads in a minute, per language (Russian words are longer). */
const READING_WORDS_PER_MINUTE: Record<Locale, number> = { lotin: 190, russian: 180, english: 230 };

export function readingMinutes(words: number, locale: Locale): number {
  return Math.max(1, Math.round(words / READING_WORDS_PER_MINUTE[locale]));
}

/** Where an entry's page is. */
export const COLLECTION_PATHS: Record<Collection, string> = { notes: '/notes', projects: '/portfolio' };

export function entryPath(collection: Collection, slug: string): string {
  return `${COLLECTION_PATHS[collection]}/${slug}`;
}
