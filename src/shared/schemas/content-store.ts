import { z } from 'zod';
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

export const contentDraftBodySchema = z.object({
  content: z.record(z.string(), z.unknown()),
  basedOn: z.number().int().min(1).nullable(),
  revision: z.number().int().min(0).max(2_147_483_647),
});

export const contentNoteBodySchema = z.object({ note: z.string().trim().max(500).optional() });

export const contentVersionParamsSchema = z.object({ number: z.coerce.number().int().min(1).max(2_147_483_647) });

export const contentVersionsQuerySchema = z.object({
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const contentDraftResponseSchema = successResponseSchema(
  z.object({ draft: contentDraftSchema, published: contentVersionSummarySchema.nullable() }),
);

/** A save refused because the draft changed since (another tab): the current draft comes with it. */
export const contentDraftConflictSchema = z.object({
  success: z.literal(false),
  code: z.literal('draft_conflict'),
  message: z.string(),
  draft: contentDraftSchema,
});

export const contentVersionSummaryResponseSchema = successResponseSchema(contentVersionSummarySchema);
export const contentVersionsResponseSchema = successResponseSchema(z.array(contentVersionSummarySchema));
export const contentVersionResponseSchema = successResponseSchema(
  contentVersionSummarySchema.extend({ content: z.unknown() }),
);
