import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { successResponseSchema } from './api.js';
import { COLLECTIONS, entrySlugSchema, renderedTextSchema } from './collections.js';
import { contentDraftBodySchema, contentVersionsQuerySchema, draftConflictSchemaOf } from './content-store.js';

/**
 * The owner's API of the collections' entries (`/api/v1/owner/entries/<collection>…`), for the
 * studio's note and project screens. Each entry has its own draft, versions and restore, as the
 * five sections have theirs (content-store.ts), with the same revision rule for saving.
 */

const collectionSchema = z.enum(COLLECTIONS);
const localeSchema = z.enum(LOCALES);
const versionNumberSchema = z.coerce.number().int().min(1).max(2_147_483_647);

export const entryCollectionParamsSchema = z.object({ collection: collectionSchema });
export const entryParamsSchema = z.object({ collection: collectionSchema, id: z.uuid() });
export const entryVersionParamsSchema = entryParamsSchema.extend({ number: versionNumberSchema });

export const entryCreateBodySchema = z.object({ slug: entrySlugSchema });

/** A draft is saved as the sections' is: the content (maybe incomplete), the version it started from, its revision. */
export const entryDraftBodySchema = contentDraftBodySchema;

export const entryNoteBodySchema = z.object({ note: z.string().trim().max(500).optional() });

/** Bodies to preview as they are on screen; left out, the saved draft's bodies are previewed. */
export const entryPreviewBodySchema = z.object({
  bodies: z.partialRecord(localeSchema, z.string().max(100_000)).optional(),
});

export const entryVersionsQuerySchema = contentVersionsQuerySchema;

const entryVersionSummarySchema = z.object({
  number: z.number().int(),
  createdAt: z.string(),
  source: z.enum(['editor', 'files', 'restore']),
  note: z.string().nullable(),
  /** The version a restore copied. */
  restoredFrom: z.number().int().nullable(),
});

const entryDraftSchema = z.object({
  /** The draft as the owner left it: it may be incomplete or invalid until it is published. */
  content: z.unknown(),
  basedOn: z.number().int().nullable(),
  /** Raised by each save; 0: there was no draft (this one is the published version, or a new entry's start). */
  revision: z.number().int(),
  updatedAt: z.string().nullable(),
});

const entryRecordSchema = z.object({
  id: z.string(),
  collection: collectionSchema,
  slug: z.string(),
  createdAt: z.string(),
  latestVersion: z.number().int().nullable(),
  /** From when visitors see it (ISO UTC); null for a draft. */
  visibleFrom: z.string().nullable(),
});

/** One row of a collection's list in the studio. */
const entryListItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  /** Of the published version: `scheduled` is published with a date still to come; never published is `draft`. */
  state: z.enum(['draft', 'scheduled', 'published']),
  date: z.string().nullable(),
  tags: z.array(z.string()),
  /** The languages the published version is written in. */
  languages: z.array(localeSchema),
  titles: z.partialRecord(localeSchema, z.string()),
  /** The draft holds edits visitors do not see yet. */
  unpublished: z.boolean(),
  /** The draft's last save, else the entry's last version or creation. */
  updatedAt: z.string(),
  latestVersion: z.number().int().nullable(),
});
export type EntryListItem = z.infer<typeof entryListItemSchema>;

export const entryListResponseSchema = successResponseSchema(z.array(entryListItemSchema));
export const entryCreatedResponseSchema = successResponseSchema(entryRecordSchema);

export const entryResponseSchema = successResponseSchema(
  z.object({
    entry: entryRecordSchema,
    draft: entryDraftSchema,
    published: entryVersionSummarySchema.nullable(),
  }),
);

export const entryDraftResponseSchema = successResponseSchema(
  z.object({ draft: entryDraftSchema, published: entryVersionSummarySchema.nullable() }),
);

/** A save refused because the draft changed since (another tab): the current draft comes with it. */
export const entryDraftConflictSchema = draftConflictSchemaOf(entryDraftSchema);

export const entryVersionSummaryResponseSchema = successResponseSchema(entryVersionSummarySchema);
export const entryVersionsResponseSchema = successResponseSchema(z.array(entryVersionSummarySchema));
export const entryVersionResponseSchema = successResponseSchema(
  entryVersionSummarySchema.extend({ content: z.unknown() }),
);

export const entryRestoreResponseSchema = successResponseSchema(
  entryVersionSummarySchema.extend({
    draft: entryDraftSchema,
    /** When the draft a restore replaced had unpublished edits: kept aside, never lost. */
    setAside: z.object({ id: z.string(), setAsideAt: z.string() }).nullable(),
  }),
);

export const entryDeletedResponseSchema = successResponseSchema(z.object({ deleted: z.literal(true) }));

/** The draft's bodies as the server renders them on publish, per language that has a body. */
export const entryPreviewResponseSchema = successResponseSchema(
  z.object({ bodies: z.partialRecord(localeSchema, renderedTextSchema) }),
);
