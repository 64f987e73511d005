import type { Db } from '../db/database.js';
import { queueWeeklySummary, type WeeklySummaryOptions } from '../outbox/weekly-summary-email.js';
import type { Job } from './scheduler.js';

/**
 * Looks every five minutes whether the weekly summary is due (at the day and hour the owner chose)
 * and queues it. Every process of a cluster may do so: the week's row makes sure one e-mail goes out.
 */
export function weeklySummaryJob(
  db: Db,
  {
    onQueued,
    intervalMs = 5 * 60_000,
    notifications,
    publicUrl,
  }: Omit<WeeklySummaryOptions, 'publicUrl'> & {
    /** The site's address chosen now (none while the fallback is used): read at each turn. */
    publicUrl: () => string | undefined;
    /** Wakes the outbox worker after the summary was queued. */
    onQueued: () => void;
    intervalMs?: number;
  },
): Job {
  return {
    name: 'weekly-summary',
    intervalMs,
    async run({ log }) {
      if ((await queueWeeklySummary(db, { notifications, publicUrl: publicUrl() })) !== 'queued') return;
      log.info('weekly summary queued');
      onQueued();
    },
  };
}
