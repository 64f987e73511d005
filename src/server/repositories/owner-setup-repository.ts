import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { OWNER_SETUP_LINK_HOURS } from '../../shared/schemas/owner-setup.js';
import type { Database } from '../db/schema.js';
import { getPasswordHash, OWNER_ID } from './owner-repository.js';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * While no password exists: a new set-up token valid for 24 hours, replacing any earlier one (so
 * with several processes on one database the last start's link is the one that works). Answers the
 * token for the printed link (only its hash is stored), or nothing once a password exists.
 */
export async function replaceOwnerSetupToken(db: Kysely<Database>, now = new Date()): Promise<string | undefined> {
  return db.transaction().execute(async (transaction) => {
    await transaction.deleteFrom('owner_setup_tokens').execute();
    if (await getPasswordHash(transaction)) return undefined;
    const token = randomBytes(32).toString('base64url');
    await transaction
      .insertInto('owner_setup_tokens')
      .values({
        token_hash: hashToken(token),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + OWNER_SETUP_LINK_HOURS * 60 * 60_000).toISOString(),
      })
      .execute();
    return token;
  });
}

/** Whether `token` is the live set-up token (known and not expired), without using it. */
export async function ownerSetupTokenIsLive(db: Kysely<Database>, token: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom('owner_setup_tokens')
    .select('token_hash')
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets the first password with the set-up token, in one transaction: the token is used up by a
 * delete that succeeds for one caller only, and the password is inserted only while none exists
 * (its fixed primary key refuses a second one on both engines). `used` when the token was not live,
 * `password-exists` when a password was set in the meantime (the terminal's command).
 */
export async function setFirstPasswordWithToken(
  db: Kysely<Database>,
  token: string,
  passwordHash: string,
  now = new Date(),
): Promise<'set' | 'used' | 'password-exists'> {
  return db.transaction().execute(async (transaction) => {
    const deleted = await transaction
      .deleteFrom('owner_setup_tokens')
      .where('token_hash', '=', hashToken(token))
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return 'used';
    if (await getPasswordHash(transaction)) return 'password-exists';
    await transaction
      .insertInto('owner_credentials')
      .values({ id: OWNER_ID, password_hash: passwordHash, updated_at: now.toISOString() })
      .execute();
    await transaction.deleteFrom('owner_setup_tokens').execute();
    return 'set';
  });
}
