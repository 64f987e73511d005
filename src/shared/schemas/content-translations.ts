import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { successResponseSchema } from './api.js';

/** The studio's translation report (`/owner/content/translations`) and the owner's "same in every language" marks. */

const languagesSchema = z.array(z.enum(LOCALES));

/** A field's key in the report: its path, with a list item that has an `id` named by it (`portfolio.items[shop].title`). */
const translationKeySchema = z.string().min(1).max(300);

const translationFieldSchema = z.object({
  key: translationKeySchema,
  /** Where the field is in the draft, as publishing names problems: `about.experience.2.title`. */
  path: z.string(),
  /** Languages without a text, while another language has one. */
  missing: languagesSchema,
  /** Languages whose text last changed before another language's text was edited. */
  outdated: languagesSchema,
  /** The languages whose edit the outdated ones have not followed. */
  changedIn: languagesSchema,
});
export type TranslationField = z.infer<typeof translationFieldSchema>;

const translationReportSchema = z.object({
  /** Every section of the draft, in the studio's order, with its fields to look at (possibly none). */
  sections: z.array(z.object({ section: z.string(), fields: z.array(translationFieldSchema) })),
  /** The draft's fields the owner marked "same in every language": never reported. */
  marked: z.array(z.object({ key: translationKeySchema, path: z.string() })),
});
export type TranslationReport = z.infer<typeof translationReportSchema>;

export const translationReportResponseSchema = successResponseSchema(translationReportSchema);

export const translationMarkBodySchema = z.object({
  key: translationKeySchema,
  /** true: the field is the same in every language (a name, a number), false: report it again. */
  same: z.boolean(),
});
