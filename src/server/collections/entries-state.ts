import type { ContentState, PublishedEntries, PublishedEntry } from '../content/content-state.js';
import { publishedEntries } from '../content/content-state.js';
import type { Db } from '../db/database.js';
import { entriesRevision, publishedEntries as readPublishedEntries } from '../repositories/entry-repository.js';

/** Every published entry (scheduled ones too) as of the latest entry version, split at `now`. */
export async function loadPublishedEntries(db: Db, now = new Date()): Promise<PublishedEntries> {
  // The revision is read first: an entry published in between is in the rows and is read again on the
  // next turn, never missed.
  const revision = await entriesRevision(db);
  const rows = await readPublishedEntries(db);
  const all: PublishedEntry[] = rows.flatMap(({ entry, version }) =>
    entry.visibleFrom === null
      ? []
      : [
          Object.freeze({
            id: entry.id,
            collection: entry.collection,
            slug: entry.slug,
            content: version.content,
            rendered: version.rendered,
            visibleFrom: entry.visibleFrom,
            version: version.number,
          }),
        ],
  );
  return publishedEntries(all, revision, now);
}

/**
 * Serves the collections as the database has them now: read again when an entry version was written
 * since (here or by another process), otherwise only the scheduled entries whose time came are shown.
 * Every publish, restore and delete calls it, and the `content-refresh` job every second, so a
 * scheduled entry appears within a second in every process, without a job of its own or a restart.
 */
export async function refreshPublishedEntries(db: Db, state: ContentState, now = new Date()): Promise<boolean> {
  const revision = await entriesRevision(db);
  if (revision === state.current.entries.revision) return state.showScheduled(now);
  return state.replaceEntries(await loadPublishedEntries(db, now));
}
