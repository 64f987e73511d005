import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { THEMES } from '../theme.js';
import { successResponseSchema } from './api.js';

/**
 * The visitor's theme and language choices, which the server answers with the `theme` and `locale`
 * cookies (docs/decisions/004-theme-and-first-paint.md: script-written cookies last 7 days in Safari).
 */
export const visitorPreferencesSchema = z.strictObject({
  theme: z.enum(THEMES).optional(),
  locale: z.enum(LOCALES).optional(),
});
export type VisitorPreferences = z.infer<typeof visitorPreferencesSchema>;

/** The preferences the answer's cookies now hold. */
export const visitorPreferencesResponseSchema = successResponseSchema(visitorPreferencesSchema);
