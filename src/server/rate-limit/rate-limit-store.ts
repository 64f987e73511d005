import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** The `owner_settings` row holding the random key counters' clients are hashed with. */
const SALT_KEY = 'rate-limit-salt';
const salts = new WeakMap<Db, Promise<Buffer>>();

/** The database's salt: made once by whichever process comes first, then the same for every process. */
function saltOf(db: Db): Promise<Buffer> {
  let salt = salts.get(db);
  if (salt === undefined) {
    salt = (async () => {
      await db
        .insertInto('owner_settings')
        .values({ key: SALT_KEY, value: randomBytes(32).toString('base64url'), updated_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
      const row = await db.selectFrom('owner_settings').select('value').where('key', '=', SALT_KEY).executeTakeFirst();
      if (!row) throw new Error('The rate limits’ salt could not be stored');
      return Buffer.from(row.value, 'base64url');
    })();
    salts.set(db, salt);
    // A database that did not answer is asked again next time.
    salt.catch(() => salts.delete(db));
  }
  return salt;
}

/**
 * A client as a request limit counts it (`rate-limit.ts`): a keyed hash of its address, so the
 * counters of the visitor, contact and other request limits never write an address to the database
 * (issue 30). The same client gives the same hash in every process that shares the database.
 */
export async function clientPseudonym(db: Db, client: string): Promise<string> {
  return createHmac('sha256', await saltOf(db))
    .update(client)
    .digest('base64url')
    .slice(0, 22);
}

export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  points: number;
  /** When the current window ends. */
  resetAt: Date;
}

/**
 * Counts one request against `key` and returns the count so far, in one atomic statement: an insert
 * that, when the row exists, either adds one or (when the window has passed) starts again at one.
 * PostgreSQL locks the row for the upsert and SQLite has a single writer, so two processes counting
 * the same client at the same moment never both see the same number (decision 011).
 */
export async function hitRateLimit(db: Db, key: string, windowMs: number, now = new Date()): Promise<RateLimitHit> {
  const nowText = now.toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, points: 1, expires_at: new Date(now.getTime() + windowMs).toISOString() })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        // Both expressions read the row as it was before this update (SQL evaluates SET against the old row).
        points: sql<number>`case when rate_limits.expires_at <= ${nowText} then 1 else rate_limits.points + 1 end`,
        expires_at: sql<string>`case when rate_limits.expires_at <= ${nowText} then excluded.expires_at else rate_limits.expires_at end`,
      }),
    )
    .returning(['points', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { points: Number(row.points), resetAt: new Date(row.expires_at) };
}

/** Deletes the counters whose window has ended; they would start again at one anyway. */
export async function deleteExpiredRateLimits(db: Db, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
