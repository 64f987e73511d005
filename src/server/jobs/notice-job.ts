import type { NotificationSettings } from '../config.js';
import type { Db } from '../db/database.js';
import type { Job } from './scheduler.js';

/** What a job that queues a notice for the owner (the weekly summary, the message digest) is given. */
export interface NoticeJobOptions {
  notifications: NotificationSettings;
  /** The site's address chosen now (none while the fallback is used): read at each turn. */
  publicUrl: () => string | undefined;
  /** Wakes the outbox worker after the notice was queued. */
  onQueued: () => void;
  intervalMs?: number;
}

/**
 * A job that looks every `intervalMs` whether its notice is due and queues it (`queue` answers
 * 'queued' when it did), then says so in the log and wakes the outbox worker. Every process of a
 * cluster may run it: `queue` claims the notice's period in the database, so one notice goes out.
 */
export function noticeJob(
  db: Db,
  {
    name,
    queue,
    queuedMessage,
    onQueued,
    intervalMs,
    notifications,
    publicUrl,
  }: NoticeJobOptions & {
    name: string;
    queue: (db: Db, options: { notifications: NotificationSettings; publicUrl?: string }) => Promise<string>;
    queuedMessage: string;
    intervalMs: number;
  },
): Job {
  return {
    name,
    intervalMs,
    async run({ log }) {
      if ((await queue(db, { notifications, publicUrl: publicUrl() })) !== 'queued') return;
      log.info(queuedMessage);
      onQueued();
    },
  };
}
