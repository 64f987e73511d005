import type { Db } from '../db/database.js';
import { queueMessageDigest } from '../outbox/message-digest.js';
import { type NoticeJobOptions, noticeJob } from './notice-job.js';
import type { Job } from './scheduler.js';

/**
 * Looks every minute whether a digest of new messages is due and queues it. Every process of a
 * cluster may do so: the period is claimed in the database, so one digest goes out.
 */
export function messageDigestJob(db: Db, { intervalMs = 60_000, ...options }: NoticeJobOptions): Job {
  return noticeJob(db, {
    ...options,
    name: 'message-digest',
    intervalMs,
    queue: queueMessageDigest,
    queuedMessage: 'message digest queued',
  });
}
