import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { successResponseSchema } from './api.js';

/**
 * Which notices the owner gets and in which language (issue 28, items 6 and 7; decision 037). The
 * weekly summary's own choices stay with its switch (`weeklySummaryBodySchema` in stats.ts).
 */

/** `interface`: the language the owner area was last used in; else one language for good. */
export const NOTICE_LANGUAGES = ['interface', ...LOCALES] as const;
export type NoticeLanguage = (typeof NOTICE_LANGUAGES)[number];

/** `each`: a notification per message; `digest`: one list every `digestHours`. */
const MESSAGE_NOTICE_MODES = ['each', 'digest'] as const;
export type MessageNoticeMode = (typeof MESSAGE_NOTICE_MODES)[number];

/** Periods that divide a UTC day, so every digest period starts at the same hours each day. */
export const DIGEST_HOURS = [1, 3, 6, 12, 24] as const;
export type DigestHours = (typeof DIGEST_HOURS)[number];

const digestHoursSchema = z
  .literal(DIGEST_HOURS)
  .describe('Hours between digests: 1, 3, 6, 12 or 24 (periods start at 00:00 UTC)');

export const noticesBodySchema = z.strictObject({
  language: z
    .enum(NOTICE_LANGUAGES)
    .optional()
    .describe('Refused (409) when OWNER_LOCALE is set in the environment and this differs from it'),
  messages: z.enum(MESSAGE_NOTICE_MODES),
  digestHours: digestHoursSchema,
  signIns: z.boolean().describe('false: no notice of a sign-in from a new device (failed sign-ins are still told)'),
});
export type NoticesBody = z.infer<typeof noticesBodySchema>;

const noticesSchema = z.object({
  language: z.enum(NOTICE_LANGUAGES).describe('The choice in Settings'),
  interfaceLanguage: z.enum(LOCALES).describe('The owner area’s language as last reported (lotin until then)'),
  effectiveLanguage: z.enum(LOCALES).describe('The language notices are written in now'),
  languageFromEnvironment: z.boolean().describe('true: OWNER_LOCALE is set and wins over the choice'),
  messages: z.enum(MESSAGE_NOTICE_MODES),
  digestHours: digestHoursSchema,
  signIns: z.boolean(),
});
export type Notices = z.infer<typeof noticesSchema>;
export const noticesResponseSchema = successResponseSchema(noticesSchema);

/** What the owner area reports when signed in and when its language changes. */
export const interfaceLanguageBodySchema = z.strictObject({ language: z.enum(LOCALES) });
