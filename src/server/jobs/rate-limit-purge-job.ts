import type { Db } from '../db/database.js';
import { deleteExpiredRateLimits } from '../rate-limit/rate-limit-store.js';
import type { Job } from './scheduler.js';

/**
 * Deletes the rate-limit counters whose window has ended (they would start again at one anyway), so
 * the table holds little more than the clients of the windows still open.
 */
export function rateLimitPurgeJob(db: Db, { intervalMs = 10 * 60_000 }: { intervalMs?: number } = {}): Job {
  return {
    name: 'rate-limit-purge',
    intervalMs,
    async run({ log }) {
      const deleted = await deleteExpiredRateLimits(db);
      if (deleted > 0) log.debug({ deleted }, 'deleted expired rate-limit counters');
    },
  };
}
