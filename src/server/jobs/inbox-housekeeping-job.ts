import type { Db } from '../db/database.js';
import { purgeTrash } from '../repositories/contact-repository.js';
import { purgeExpiredOwnerRows } from '../repositories/owner-repository.js';
import type { Job } from './scheduler.js';

/** Sign-in failures older than this count for no lockout any more. */
const SIGN_IN_FAILURES_KEPT_MS = 24 * 60 * 60_000;

/** Deletes messages kept in the trash or spam for 30 days, expired or idle owner sessions and old sign-in failures. */
export function inboxHousekeepingJob(db: Db, { intervalMs = 60 * 60_000 }: { intervalMs?: number } = {}): Job {
  return {
    name: 'inbox-housekeeping',
    intervalMs,
    async run({ log }) {
      const now = new Date();
      const purged = await purgeTrash(db, now);
      await purgeExpiredOwnerRows(db, new Date(now.getTime() - SIGN_IN_FAILURES_KEPT_MS), now);
      if (purged > 0) log.info({ purged }, 'deleted messages kept in the trash or spam for 30 days');
    },
  };
}
