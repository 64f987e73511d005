import type { Db } from '../db/database.js';
import { type MessageDigestOptions, queueMessageDigest } from '../outbox/message-digest.js';
import type { Job } from './scheduler.js';

/**
 * Looks every minute whether a digest of new messages is due and queues it. Every process of a
 * cluster may do so: the period is claimed in the database, so one digest goes out.
 */
export function messageDigestJob(
  db: Db,
  {
    onQueued,
    intervalMs = 60_000,
    notifications,
    publicUrl,
  }: Omit<MessageDigestOptions, 'publicUrl'> & {
    /** The site's address chosen now (none while the fallback is used): read at each turn. */
    publicUrl: () => string | undefined;
    /** Wakes the outbox worker after the digest was queued. */
    onQueued: () => void;
    intervalMs?: number;
  },
): Job {
  return {
    name: 'message-digest',
    intervalMs,
    async run({ log }) {
      if ((await queueMessageDigest(db, { notifications, publicUrl: publicUrl() })) !== 'queued') return;
      log.info('message digest queued');
      onQueued();
    },
  };
}
