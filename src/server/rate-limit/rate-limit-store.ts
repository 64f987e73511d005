import { sql } from 'kysely';
import type { Db } from '../db/database.js';

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
