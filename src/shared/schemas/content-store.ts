import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '../locales.js';
import { THEMES } from '../theme.js';
import { successResponseSchema } from './api.js';

/** The API of the content store, for the owner's studio. Content travels as every section at once. */

const contentSourceSchema = z.enum(['editor', 'files', 'restore']);

const contentVersionSummarySchema = z.object({
  number: z.number().int(),
  createdAt: z.string(),
  source: contentSourceSchema,
  note: z.string().nullable(),
});

const contentDraftSchema = z.object({
  /** The draft as the owner left it: it may be incomplete or invalid until it is published. */
  content: z.unknown(),
  /** The published version it started from. */
  basedOn: z.number().int().nullable(),
  /** Raised by each save; a save names the revision it started from (0: there was no draft). */
  revision: z.number().int(),
  updatedAt: z.string().nullable(),
});

/** Content is six levels deep; a draft far deeper is no draft, and would overflow the stack when stored. */
const MAX_DRAFT_DEPTH = 32;

/** Whether a JSON value nests at most `limit` objects or lists deep (without recursion). */
function nestsAtMost(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= limit) return false;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return true;
}

export const contentDraftBodySchema = z.object({
  content: z
    .record(z.string(), z.unknown())
    .refine((content) => nestsAtMost(content, MAX_DRAFT_DEPTH), `nested deeper than ${MAX_DRAFT_DEPTH} levels`),
  basedOn: z.number().int().min(1).nullable(),
  revision: z.number().int().min(0).max(2_147_483_647),
});

export const contentNoteBodySchema = z.object({ note: z.string().trim().max(500).optional() });

const versionNumberSchema = z.coerce.number().int().min(1).max(2_147_483_647);

export const contentVersionParamsSchema = z.object({ number: versionNumberSchema });

/** A version by its number, or the working draft. */
const contentReferenceSchema = z.union([z.literal('draft'), versionNumberSchema]);

export const contentCompareParamsSchema = z.object({
  from: contentReferenceSchema.describe('The older side: a version number, or "draft"'),
  to: contentReferenceSchema.describe('The newer side: a version number, or "draft"'),
});

const contentChangeSchema = z.object({
  /** The field, written as publishing's problems are: `about.experience.2.title`. */
  path: z.string(),
  kind: z.enum(['changed', 'added', 'removed', 'moved']),
  /** For a translated field (`{lotin, russian, english}`): the languages whose text changed. */
  languages: z.array(z.enum(LOCALES)).optional(),
  /** For a moved list item: where it was in the older content. */
  fromPath: z.string().optional(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type ContentChange = z.infer<typeof contentChangeSchema>;

const sectionChangesSchema = z.object({ section: z.string(), changes: z.array(contentChangeSchema) });
export type SectionChanges = z.infer<typeof sectionChangesSchema>;

export const contentCompareResponseSchema = successResponseSchema(
  z.object({
    from: z.union([z.literal('draft'), z.number().int()]),
    to: z.union([z.literal('draft'), z.number().int()]),
    sections: z.array(sectionChangesSchema),
  }),
);

export const contentExportQuerySchema = z.object({
  version: versionNumberSchema.optional().describe('The version to export (default: the published one)'),
});

/** The zip's bytes, streamed (documented only: streams are not serialized). */
export const contentExportResponseSchema = z.unknown().describe('A zip of the YAML files and images/');

/** The page to preview: its address without the leading slash (empty for the home page). */
export const contentPreviewParamsSchema = z.object({
  '*': z
    .string()
    .max(200)
    .optional()
    .describe('The page path, e.g. "" (home), "about", "portfolio", "contact"; any other is the 404 page'),
});

export const contentPreviewQuerySchema = z.object({
  lang: z.enum(LOCALES).default(DEFAULT_LOCALE),
  /** Left out: the page follows the system's theme, as for a visitor who never chose. */
  theme: z.enum(THEMES).optional(),
});

/** The page's HTML (documented only: it is sent as it is). */
export const contentPreviewResponseSchema = z.string().describe('The page, rendered from the draft');

/** A page of history, newest first: `limit` versions numbered below `before`; the entries' history pages alike. */
export const contentVersionsQuerySchema = z.object({
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const contentDraftResponseSchema = successResponseSchema(
  z.object({ draft: contentDraftSchema, published: contentVersionSummarySchema.nullable() }),
);

/**
 * A save refused because the draft changed since (another tab): the current draft comes with it.
 * The entries' drafts are refused alike, with an entry's draft.
 */
export const draftConflictSchemaOf = <Draft extends z.ZodType>(draft: Draft) =>
  z.object({ success: z.literal(false), code: z.literal('draft_conflict'), message: z.string(), draft });

export const contentDraftConflictSchema = draftConflictSchemaOf(contentDraftSchema);

export const contentVersionSummaryResponseSchema = successResponseSchema(contentVersionSummarySchema);
export const contentVersionsResponseSchema = successResponseSchema(z.array(contentVersionSummarySchema));
export const contentVersionResponseSchema = successResponseSchema(
  contentVersionSummarySchema.extend({ content: z.unknown() }),
);

/** A draft a restore replaced (or bringing back another did), kept until the owner brings it back. */
const setAsideDraftSummarySchema = z.object({
  id: z.string(),
  setAsideAt: z.string(),
  /** The published version that draft had started from. */
  basedOn: z.number().int().nullable(),
  /** The version whose restore set it aside; null when another set-aside draft was brought back over it. */
  restoredVersion: z.number().int().nullable(),
});

export const contentSetAsideParamsSchema = z.object({ id: z.uuid() });

/** The restored copy, the draft it became, and the draft set aside for it (null when it had no unpublished edits). */
export const contentRestoreResponseSchema = successResponseSchema(
  contentVersionSummarySchema.extend({ draft: contentDraftSchema, setAside: setAsideDraftSummarySchema.nullable() }),
);

export const contentSetAsideListResponseSchema = successResponseSchema(z.array(setAsideDraftSummarySchema));
export const contentSetAsideDraftResponseSchema = successResponseSchema(
  setAsideDraftSummarySchema.extend({ content: z.unknown() }),
);

/** The draft now, the published version, and the draft set aside in its place (null when it had no unpublished edits). */
export const contentBringBackResponseSchema = successResponseSchema(
  z.object({
    draft: contentDraftSchema,
    published: contentVersionSummarySchema.nullable(),
    setAside: setAsideDraftSummarySchema.nullable(),
  }),
);
