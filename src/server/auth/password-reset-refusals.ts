import type { Db } from '../db/database.js';
import { hitRateLimit } from '../rate-limit/rate-limit-store.js';

/** Sources counted one by one; past this many refusals in a window they are only totalled (a row each, so bounded). */
const MAX_COUNTED_SOURCES = 200;
/** Kept until the summary has been sent, retries included (the outbox tries for three days). */
const KEPT_AFTER_WINDOW_MS = 7 * 24 * 60 * 60_000;

/** The refusals of the site window that ends at `windowEnd`: their total, and each source's count. */
const totalKey = (windowEnd: string) => `password-reset-refused-total:${windowEnd}`;
const sourcePrefix = (windowEnd: string) => `password-reset-refused:${windowEnd}:`;

/**
 * Counts a reset request refused past the site's ceiling, for the owner's summary of the window
 * (kept in the rate-limit counters: one atomic upsert, shared by every process).
 */
export async function countResetRefusal(db: Db, source: string, windowEnd: Date, now = new Date()): Promise<void> {
  const window = windowEnd.toISOString();
  const keptMs = windowEnd.getTime() - now.getTime() + KEPT_AFTER_WINDOW_MS;
  const total = await hitRateLimit(db, totalKey(window), keptMs, now);
  if (total.points <= MAX_COUNTED_SOURCES) await hitRateLimit(db, `${sourcePrefix(window)}${source}`, keptMs, now);
}

/** How many were refused in the window, and from which sources (most first). */
export async function readResetRefusals(
  db: Db,
  windowEnd: string,
): Promise<{ total: number; sources: { source: string; count: number }[] }> {
  const prefix = sourcePrefix(windowEnd);
  const rows = await db
    .selectFrom('rate_limits')
    .select(['key', 'points'])
    .where((where) => where.or([where('key', '=', totalKey(windowEnd)), where('key', 'like', `${prefix}%`)]))
    .execute();
  const total = Number(rows.find((row) => row.key === totalKey(windowEnd))?.points ?? 0);
  const sources = rows
    .filter((row) => row.key.startsWith(prefix))
    .map((row) => ({ source: row.key.slice(prefix.length), count: Number(row.points) }))
    .sort((a, b) => b.count - a.count || a.source.localeCompare(b.source));
  return { total, sources };
}
