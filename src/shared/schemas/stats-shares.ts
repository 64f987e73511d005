import { z } from 'zod';
import { successResponseSchema } from './api.js';

/**
 * Shared statistics links (issue 30, item 5; docs/decisions/043-shared-statistics.md): the owner
 * makes a read-only link to the dashboard, with a name, an expiry and optionally a password.
 */
export const SHARE_NAME_MAX = 80;
export const SHARE_PASSWORD_MIN_LENGTH = 8;
export const SHARE_PASSWORD_MAX_LENGTH = 200;
/** The expiries the owner chooses among, in days; null: the link does not expire. */
export const SHARE_EXPIRY_DAYS = [1, 7, 30, 90, 365] as const;
/** The link's token: 32 random bytes, base64url. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_OR_REORDERING = /[\u0000-\u001f\u007f-\u009f\p{Bidi_Control}\u2028\u2029]/gu;

/** One line the owner reads in the list: trimmed, without control characters, never empty. */
const shareNameSchema = z
  .string({ error: 'required' })
  .max(SHARE_NAME_MAX * 4, { error: 'too_long' })
  .transform((name) => name.replaceAll(CONTROL_OR_REORDERING, '').replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, { error: 'required' }).max(SHARE_NAME_MAX, { error: 'too_long' }))
  .describe(`What the link is for, up to ${SHARE_NAME_MAX} characters; only the owner sees it`);

export const createStatsShareBodySchema = z.strictObject({
  name: shareNameSchema,
  expiresInDays: z
    .union([z.literal(SHARE_EXPIRY_DAYS), z.null()])
    .describe(`The link stops working after this many days (${SHARE_EXPIRY_DAYS.join(', ')}); null: never`),
  password: z
    .string()
    .min(SHARE_PASSWORD_MIN_LENGTH, { error: 'too_short' })
    .max(SHARE_PASSWORD_MAX_LENGTH, { error: 'too_long' })
    .optional()
    .describe('Asked of whoever opens the link; absent: none'),
});
export type CreateStatsShareBody = z.input<typeof createStatsShareBodySchema>;

const statsShareSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable().describe('null: never'),
  expired: z.boolean(),
  hasPassword: z.boolean(),
  lastViewedAt: z.string().nullable().describe('When the figures were last opened with the link, to the hour'),
});
export type StatsShare = z.infer<typeof statsShareSchema>;

export const statsSharesResponseSchema = successResponseSchema(z.object({ shares: z.array(statsShareSchema) }));
export const createdStatsShareResponseSchema = successResponseSchema(
  z.object({
    share: statsShareSchema,
    token: z.string().describe('Shown once: only its hash is kept. The link is /shared/{token}'),
  }),
);
export const statsShareIdParamsSchema = z.object({ id: z.string().max(100) });

export const sharedTokenParamsSchema = z.object({
  token: z.string().max(100).describe('The token of the shared link'),
});
export const sharedUnlockBodySchema = z.strictObject({
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(SHARE_PASSWORD_MAX_LENGTH, {
    error: 'too_long',
  }),
});
export const sharedUnlockResponseSchema = successResponseSchema(z.object({ unlocked: z.literal(true) }));
