import { createHash, randomBytes } from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The row of `token` while it is live: known and not expired at `now`. */
function liveToken(token: string, now: Date) {
  return (eb: ExpressionBuilder<Database, 'password_reset_tokens'>) =>
    eb.and([eb('token_hash', '=', hashToken(token)), eb('expires_at', '>', now.toISOString())]);
}

/**
 * A new reset token valid until `expiresAt`; answers the token for the link (only its hash is
 * stored). Made when the notification is sent, so the link itself is never written anywhere.
 */
export async function createPasswordResetToken(
  db: Kysely<Database>,
  expiresAt: Date,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.deleteFrom('password_reset_tokens').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('password_reset_tokens')
    .values({ token_hash: hashToken(token), created_at: now.toISOString(), expires_at: expiresAt.toISOString() })
    .execute();
  return token;
}

/** Whether a token is live (known and not expired), without using it. */
export async function passwordResetTokenIsLive(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<boolean> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('token_hash')
    .where(liveToken(token, now))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses a token: it is deleted in one statement that succeeds for one caller only, and every other
 * outstanding link goes with it (a reset is done once).
 */
export async function consumePasswordResetToken(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<boolean> {
  const result = await db.deleteFrom('password_reset_tokens').where(liveToken(token, now)).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) return false;
  await db.deleteFrom('password_reset_tokens').execute();
  return true;
}
