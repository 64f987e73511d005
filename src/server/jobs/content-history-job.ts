import type { Db } from '../db/database.js';
import { thinContentHistory, thinEntryHistory } from '../repositories/content-history-repository.js';
import type { Job } from './scheduler.js';

/** Days every version is kept (CONTENT_HISTORY_DAYS) unless configured; one a day after that. */
const DEFAULT_KEEP_DAYS = 30;

/**
 * Thins the content history and each entry's history every hour (CONTENT_HISTORY_DAYS; docs/architecture.md, "Content
 * history"). A job, not a step of publishing: which versions go depends on the time that passed, not
 * on the publish (a version becomes thinnable when it turns N days old), publishing stays one insert,
 * and the folder watcher's save-by-save publishes do not each pay for a delete.
 */
export function contentHistoryJob(
  db: Db,
  { keepDays = DEFAULT_KEEP_DAYS, intervalMs = 60 * 60_000 }: { keepDays?: number; intervalMs?: number } = {},
): Job {
  return {
    name: 'content-history',
    intervalMs,
    async run({ log, signal }) {
      const deleted = await thinContentHistory(db, { keepDays, signal });
      if (deleted > 0)
        log.info({ deleted, keepDays }, `thinned the content history to one version a day after ${keepDays} days`);
      const entryVersions = await thinEntryHistory(db, { keepDays, signal });
      if (entryVersions > 0)
        log.info(
          { deleted: entryVersions, keepDays },
          `thinned the notes' and projects' histories to one version a day after ${keepDays} days`,
        );
    },
  };
}
