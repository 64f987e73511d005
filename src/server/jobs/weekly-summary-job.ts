import type { Db } from '../db/database.js';
import { queueWeeklySummary } from '../outbox/weekly-summary-email.js';
import { type NoticeJobOptions, noticeJob } from './notice-job.js';
import type { Job } from './scheduler.js';

/**
 * Looks every five minutes whether the weekly summary is due (at the day and hour the owner chose)
 * and queues it. Every process of a cluster may do so: the week's row makes sure one e-mail goes out.
 */
export function weeklySummaryJob(db: Db, { intervalMs = 5 * 60_000, ...options }: NoticeJobOptions): Job {
  return noticeJob(db, {
    ...options,
    name: 'weekly-summary',
    intervalMs,
    queue: queueWeeklySummary,
    queuedMessage: 'weekly summary queued',
  });
}
