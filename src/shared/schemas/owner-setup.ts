import { z } from 'zod';
import { passwordResetBodySchema } from './owner.js';

/**
 * Setting the owner's first password in the browser (`POST /api/v1/owner/setup`), with the token of
 * the set-up link the server prints at start-up while no password exists (docs/decisions/031).
 */

/** A set-up link works for this long, or until the next start replaces it. */
export const OWNER_SETUP_LINK_HOURS = 24;

export const ownerSetupBodySchema = z.strictObject({
  /** 32 random bytes, base64url: the same shape as a reset link's token. */
  token: passwordResetBodySchema.shape.token,
  /** The same rules as every new password (at least OWNER_PASSWORD_MIN_LENGTH characters). */
  password: passwordResetBodySchema.shape.password,
});
export type OwnerSetupBody = z.infer<typeof ownerSetupBodySchema>;
