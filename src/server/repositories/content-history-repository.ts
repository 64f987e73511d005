import { sql } from 'kysely';
import type { Db } from '../db/database.js';

const DAY_MS = 24 * 60 * 60_000;

/** Versions deleted per statement: a first run over years of saves does not hold the database for long. */
const BATCH = 200;

/**
 * The versions the thinning may delete: older than `cutoff`, and not kept for one of these reasons.
 * - The last of its UTC day (the highest number) among the versions older than `cutoff`: one a day
 *   stays. So a deleted version was replaced, the same day, by one itself older than `cutoff`, and
 *   no process has served it for at least a day (each serves the latest within about a second,
 *   content-refresh-job.ts). The latest (published) version is always the last of its day: it is
 *   never deleted, so the next number follows it and no number, which pages' ETags carry, comes twice.
 * - The latest files import, whose hash keeps an unchanged content folder from being imported again.
 * - A restore, and a version some restore copied.
 * - The one the draft is based on, and those a set-aside draft is based on or was set aside by.
 * Every subquery is uncorrelated and answers no NULL, so `not in` means what it says on both engines.
 */
function thinnableContentVersions(db: Db, cutoff: string) {
  return db
    .selectFrom('content_versions')
    .select('number')
    .where('created_at', '<', cutoff)
    .where('number', 'not in', (eb) =>
      eb
        .selectFrom('content_versions')
        .select((max) => max.fn.max('number').as('number'))
        .where('created_at', '<', cutoff)
        .groupBy(sql`substr(created_at, 1, 10)`),
    )
    .where('number', 'not in', (eb) =>
      eb
        .selectFrom('content_versions')
        .select('number')
        .where('source', '=', 'files')
        .where('files_hash', 'is not', null)
        .orderBy('number', 'desc')
        .limit(1),
    )
    .where('source', '!=', 'restore')
    .where('number', 'not in', (eb) =>
      eb.selectFrom('content_versions').select('restored_from as number').where('restored_from', 'is not', null),
    )
    .where('number', 'not in', (eb) =>
      eb.selectFrom('content_drafts').select('based_on as number').where('based_on', 'is not', null),
    )
    .where('number', 'not in', (eb) =>
      eb.selectFrom('content_set_aside_drafts').select('based_on as number').where('based_on', 'is not', null),
    )
    .where('number', 'not in', (eb) =>
      eb
        .selectFrom('content_set_aside_drafts')
        .select('restored_version as number')
        .where('restored_version', 'is not', null),
    );
}

/**
 * The entry versions the thinning may delete: the same rules per entry (decision 030). Older than
 * `cutoff` and none of these:
 * - the last of its UTC day among its entry's versions older than `cutoff`;
 * - its entry's latest version from the files, which the folder watcher compares the files with;
 * - a restore, a version some restore copied, the one its entry's draft is based on, and those a
 *   set-aside draft is based on or was set aside by.
 * (So an entry's latest version, what it shows or showed before it was deleted, is the last of its
 * day and stays; the highest number of all is one of those, so the next number follows it.)
 */
function thinnableEntryVersions(db: Db, cutoff: string) {
  return db
    .selectFrom('entry_versions')
    .select('number')
    .where('created_at', '<', cutoff)
    .where('number', 'not in', (eb) =>
      eb
        .selectFrom('entry_versions')
        .select((max) => max.fn.max('number').as('number'))
        .where('created_at', '<', cutoff)
        .groupBy(['entry_id', sql`substr(created_at, 1, 10)`]),
    )
    .where('number', 'not in', (eb) =>
      eb
        .selectFrom('entry_versions')
        .select((max) => max.fn.max('number').as('number'))
        .where('source', '=', 'files')
        .groupBy('entry_id'),
    )
    .where('source', '!=', 'restore')
    .where('number', 'not in', (eb) =>
      eb.selectFrom('entry_versions').select('restored_from as number').where('restored_from', 'is not', null),
    )
    .where('number', 'not in', (eb) =>
      eb.selectFrom('entry_drafts').select('based_on as number').where('based_on', 'is not', null),
    )
    .where('number', 'not in', (eb) =>
      eb.selectFrom('entry_set_aside_drafts').select('based_on as number').where('based_on', 'is not', null),
    )
    .where('number', 'not in', (eb) =>
      eb
        .selectFrom('entry_set_aside_drafts')
        .select('restored_version as number')
        .where('restored_version', 'is not', null),
    );
}

type Thinning = { keepDays: number; now?: Date; signal?: AbortSignal };

const cutoffOf = ({ keepDays, now = new Date() }: Thinning) =>
  new Date(now.getTime() - keepDays * DAY_MS).toISOString();

/**
 * Runs `deleteBatch` (which deletes at most BATCH versions, checking every reason again) until a batch
 * comes out short, so two processes may thin at once: a version the other deleted first is simply
 * not found. An aborted `signal` stops it between two batches. Answers how many versions it deleted.
 */
async function inBatches(deleteBatch: () => Promise<{ numDeletedRows: bigint }>, signal?: AbortSignal) {
  let deleted = 0;
  while (!signal?.aborted) {
    const batch = Number((await deleteBatch()).numDeletedRows);
    deleted += batch;
    if (batch < BATCH) break;
  }
  return deleted;
}

/**
 * Keeps the content history bounded (docs/architecture.md, "Content history"): every version of the
 * last `keepDays` days, then one a day, the last of each, and every version something still refers
 * to (`thinnableContentVersions`). Answers how many versions it deleted.
 */
export function thinContentHistory(db: Db, thinning: Thinning): Promise<number> {
  const cutoff = cutoffOf(thinning);
  return inBatches(
    () =>
      db
        .deleteFrom('content_versions')
        .where('number', 'in', thinnableContentVersions(db, cutoff).limit(BATCH))
        .executeTakeFirstOrThrow(),
    thinning.signal,
  );
}

/** The same for the collections' entries, each entry's history on its own (`thinnableEntryVersions`). */
export function thinEntryHistory(db: Db, thinning: Thinning): Promise<number> {
  const cutoff = cutoffOf(thinning);
  return inBatches(
    () =>
      db
        .deleteFrom('entry_versions')
        .where('number', 'in', thinnableEntryVersions(db, cutoff).limit(BATCH))
        .executeTakeFirstOrThrow(),
    thinning.signal,
  );
}
