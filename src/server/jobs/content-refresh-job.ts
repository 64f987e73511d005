import { refreshPublishedEntries } from '../collections/entries-state.js';
import type { ContentState } from '../content/content-state.js';
import type { Db } from '../db/database.js';
import { contentVersionByNumber, latestContentVersionNumber } from '../repositories/content-repository.js';
import type { Job } from './scheduler.js';

/**
 * Serves a version published by another process (or the command line) within about a second: one
 * lookup of the latest version number on its primary key each turn, and the content is read only
 * when that number changed. The same for the collections' entries, whose scheduled ones appear here
 * when their time comes. Requests never wait for the database for content.
 */
export function contentRefreshJob(
  state: ContentState,
  db: Db,
  { intervalMs = 1000 }: { intervalMs?: number } = {},
): Job {
  return {
    name: 'content-refresh',
    intervalMs,
    async run({ log }) {
      // The collections' entries: one more lookup on a primary key, and the scheduled ones' time.
      if (await refreshPublishedEntries(db, state)) {
        const { revision, visible } = state.current.entries;
        log.info(
          { revision, visible: visible.length },
          `serving ${visible.length} entries as of entry version ${revision}`,
        );
      }
      const latest = await latestContentVersionNumber(db);
      if (latest === undefined || latest === state.current.version) return;
      const version = await contentVersionByNumber(db, latest);
      if (version && state.replace(version.content, version.number)) {
        log.info({ version: version.number, source: version.source }, `serving content version ${version.number}`);
      }
    },
  };
}
