import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a device cookie's token names a browser the owner signed in from before; refreshes its time. */
export async function knownDevice(db: Kysely<Database>, token: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('owner_devices')
    .set({ last_seen_at: now.toISOString() })
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Remembers a new browser; answers the token for its cookie. */
export async function rememberDevice(db: Kysely<Database>, device: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('owner_devices')
    .values({ token_hash: hashToken(token), device, first_seen_at: now.toISOString(), last_seen_at: now.toISOString() })
    .execute();
  return token;
}
