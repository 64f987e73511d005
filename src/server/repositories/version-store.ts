import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { columnMax } from './column-max.js';

/**
 * What the site's content (`content-repository.ts`) and the collections' entries
 * (`entry-repository.ts`) store alike: versions numbered latest-plus-one, a draft saved only from the
 * revision it started from, and restore, which sets aside a draft with unpublished edits (decision
 * 025). The tables differ only in their names and in how a draft is named, so each function takes
 * the place it works in.
 */
type Db = Kysely<Database>;

/** The tables of numbered versions. */
export type VersionTable = 'content_versions' | 'entry_versions';

/**
 * Inserts a version under the number after the latest, and answers that number. The number is the
 * primary key: two processes that pick the same number at once cannot both insert it, and the one
 * that lost picks the next; after 20 losses in a row it throws `failure`. `unless`, asked after the
 * latest number was read and before each insert, gives up (undefined).
 */
export async function insertWithNextNumber<Table extends VersionTable>(
  db: Db,
  table: Table,
  row: Omit<Insertable<Database[Table]>, 'number'>,
  { unless, failure }: { unless?: () => Promise<boolean>; failure: string },
): Promise<number | undefined> {
  // Both tables have the same `number` key; Kysely cannot follow a table chosen by a parameter.
  const versions = db as unknown as Kysely<Record<VersionTable, { number: number }>>;
  for (let attempt = 0; attempt < 20; attempt++) {
    const number = Number((await columnMax(db, table, 'number')) ?? 0) + 1;
    if (unless && (await unless())) return undefined;
    const result = await versions
      .insertInto(table as VersionTable)
      .values({ ...row, number } as { number: number })
      .onConflict((conflict) => conflict.column('number').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) return number;
  }
  throw new Error(failure);
}

/**
 * Where one draft and the drafts set aside from it live: the site's one draft (`content_drafts`, id
 * `draft`), or an entry's (`entry_drafts` by `entry_id`, its set-aside drafts by `entry_id` too).
 */
export type DraftPlace =
  | { drafts: 'content_drafts'; keyColumn: 'id'; key: string; setAside: 'content_set_aside_drafts' }
  | { drafts: 'entry_drafts'; keyColumn: 'entry_id'; key: string; setAside: 'entry_set_aside_drafts' };

/** The columns both draft tables and both set-aside tables share, and the key each has of its own. */
interface DraftRows {
  content_drafts: DraftRow;
  entry_drafts: DraftRow;
  content_set_aside_drafts: SetAsideRow;
  entry_set_aside_drafts: SetAsideRow;
}
interface DraftRow {
  id?: string;
  entry_id?: string;
  content: string;
  based_on: number | null;
  revision: number;
  updated_at: string;
}
interface SetAsideRow {
  id: string;
  entry_id?: string;
  content: string;
  based_on: number | null;
  set_aside_at: string;
  restored_version: number | null;
}
const draftTables = (db: Db) => db as unknown as Kysely<DraftRows>;

export interface StoredDraft {
  /** May be incomplete or invalid: it is checked only when published. */
  content: unknown;
  basedOn: number | null;
  revision: number;
  updatedAt: string;
}

export type DraftSaveResult = { saved: true; draft: StoredDraft } | { saved: false; current: StoredDraft | undefined };

export async function readDraft(db: Db, place: DraftPlace): Promise<StoredDraft | undefined> {
  const row = await draftTables(db)
    .selectFrom(place.drafts)
    .select(['content', 'based_on', 'revision', 'updated_at'])
    .where(place.keyColumn, '=', place.key)
    .executeTakeFirst();
  return (
    row && {
      content: JSON.parse(row.content) as unknown,
      basedOn: row.based_on === null ? null : Number(row.based_on),
      revision: Number(row.revision),
      updatedAt: row.updated_at,
    }
  );
}

/**
 * Saves the draft if it is still at `revision` (0 when there is none yet); otherwise someone saved
 * since (a second tab), and the answer carries the current draft instead of overwriting it.
 */
export async function saveDraft(
  db: Db,
  place: DraftPlace,
  { content, basedOn, revision }: { content: unknown; basedOn: number | null; revision: number },
  now = new Date(),
): Promise<DraftSaveResult> {
  const updated_at = now.toISOString();
  const json = JSON.stringify(content);
  const next = revision + 1;
  const tables = draftTables(db);
  const result =
    revision === 0
      ? await tables
          .insertInto(place.drafts)
          .values({ [place.keyColumn]: place.key, content: json, based_on: basedOn, revision: next, updated_at })
          .onConflict((conflict) => conflict.column(place.keyColumn).doNothing())
          .executeTakeFirst()
      : await tables
          .updateTable(place.drafts)
          .set({ content: json, based_on: basedOn, revision: next, updated_at })
          .where(place.keyColumn, '=', place.key)
          .where('revision', '=', revision)
          .executeTakeFirst();
  const changed =
    'numInsertedOrUpdatedRows' in result ? result.numInsertedOrUpdatedRows : (result.numUpdatedRows as bigint);
  if (Number(changed ?? 0) === 1) {
    return { saved: true, draft: { content, basedOn, revision: next, updatedAt: updated_at } };
  }
  return { saved: false, current: await readDraft(db, place) };
}

/** A draft that a restore (or bringing back another) replaced, kept so the owner can bring it back. */
export interface SetAsideDraft {
  id: string;
  content: unknown;
  /** The published version that draft had started from. */
  basedOn: number | null;
  setAsideAt: string;
  /** The version whose restore set it aside; null when another set-aside draft was brought back over it. */
  restoredVersion: number | null;
}

export type SetAsideDraftSummary = Omit<SetAsideDraft, 'content'>;

/** The newest set-aside drafts kept (per entry for entries); setting aside one more lets the oldest go. */
const SET_ASIDE_KEPT = 20;

const SET_ASIDE_SUMMARY_COLUMNS = ['id', 'based_on', 'set_aside_at', 'restored_version'] as const;

function setAsideSummaryOf(row: {
  id: string;
  based_on: number | string | null;
  set_aside_at: string;
  restored_version: number | string | null;
}): SetAsideDraftSummary {
  return {
    id: row.id,
    basedOn: row.based_on === null ? null : Number(row.based_on),
    setAsideAt: row.set_aside_at,
    restoredVersion: row.restored_version === null ? null : Number(row.restored_version),
  };
}

/** The set-aside drafts of this place, newest first (an entry's only its own). */
function setAsideOf(db: Db, place: DraftPlace) {
  const query = draftTables(db).selectFrom(place.setAside);
  return (place.setAside === 'entry_set_aside_drafts' ? query.where('entry_id', '=', place.key) : query)
    .orderBy('set_aside_at', 'desc')
    .orderBy('id', 'desc');
}

async function setAside(
  db: Db,
  place: DraftPlace,
  draft: StoredDraft,
  restoredVersion: number | null,
  now: Date,
): Promise<SetAsideDraftSummary> {
  const row = {
    id: randomUUID(),
    content: JSON.stringify(draft.content),
    based_on: draft.basedOn,
    set_aside_at: now.toISOString(),
    restored_version: restoredVersion,
  };
  const scope = place.setAside === 'entry_set_aside_drafts' ? { entry_id: place.key } : {};
  await draftTables(db)
    .insertInto(place.setAside)
    .values({ ...row, ...scope })
    .execute();
  const kept = await setAsideOf(db, place).select('id').execute();
  const dropped = kept.slice(SET_ASIDE_KEPT).map(({ id }) => id);
  if (dropped.length > 0) await draftTables(db).deleteFrom(place.setAside).where('id', 'in', dropped).execute();
  return setAsideSummaryOf(row);
}

/** Set-aside drafts, newest first, without their content. */
export async function listSetAside(db: Db, place: DraftPlace): Promise<SetAsideDraftSummary[]> {
  const rows = await setAsideOf(db, place).select(SET_ASIDE_SUMMARY_COLUMNS).limit(SET_ASIDE_KEPT).execute();
  return rows.map(setAsideSummaryOf);
}

export async function setAsideById(db: Db, place: DraftPlace, id: string): Promise<SetAsideDraft | undefined> {
  const row = await setAsideOf(db, place)
    .select([...SET_ASIDE_SUMMARY_COLUMNS, 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...setAsideSummaryOf(row), content: JSON.parse(row.content) as unknown };
}

/** Whether the draft holds edits that neither the published version nor the content replacing it has. */
function holdsUnpublishedEdits(draft: StoredDraft | undefined, published: unknown, replacement: unknown): boolean {
  return (
    draft !== undefined &&
    !isDeepStrictEqual(draft.content, published) &&
    !isDeepStrictEqual(draft.content, replacement)
  );
}

/** A save landed between reading the draft and replacing it: the whole step is tried again. */
class DraftMovedError extends Error {}

/** How often a restore or a bring-back is tried again when autosaves keep landing in between. */
const DRAFT_ATTEMPTS = 5;

/**
 * Runs `step` in a transaction, again when a save landed in between: `step` replaces the draft only
 * from the revision it read, so an autosave is either set aside with the rest or refused afterwards
 * (409), never lost and never written over what the step put in.
 */
async function withDraftReplaced<Result>(db: Db, step: (transaction: Db) => Promise<Result>): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(step);
    } catch (error) {
      if (!(error instanceof DraftMovedError) || attempt >= DRAFT_ATTEMPTS) throw error;
    }
  }
}

async function replaceDraft(
  db: Db,
  place: DraftPlace,
  current: StoredDraft | undefined,
  content: unknown,
  basedOn: number | null,
  now: Date,
): Promise<StoredDraft> {
  const result = await saveDraft(db, place, { content, basedOn, revision: current?.revision ?? 0 }, now);
  if (!result.saved) throw new DraftMovedError('the draft was saved meanwhile');
  return result.draft;
}

export interface RestoredIntoDraft<Published> {
  published: Published;
  /** The draft now: the restored content, based on the new version. */
  draft: StoredDraft;
  /** The draft it replaced, when that held unpublished edits. */
  setAside: SetAsideDraftSummary | undefined;
}

/**
 * Publishes a copy of a version (`publish`) and makes its content the draft, in one transaction:
 * otherwise the draft would keep the newer edits and the next Publish would bring back what the
 * restore undid (issue 25, defect 1). A draft with unpublished edits (unlike both `latestContent`,
 * read first, and the restored content) is set aside, not lost. The draft's revision goes up, so an
 * autosave from before the restore gets the usual 409.
 */
export async function restoreIntoDraft<Published extends { number: number }>(
  db: Db,
  place: DraftPlace,
  {
    content,
    restoredNumber,
    latestContent,
    publish,
  }: {
    content: unknown;
    restoredNumber: number;
    latestContent: (transaction: Db) => Promise<unknown>;
    publish: (transaction: Db) => Promise<Published>;
  },
  now: Date,
): Promise<RestoredIntoDraft<Published>> {
  return withDraftReplaced(db, async (transaction) => {
    const latest = await latestContent(transaction);
    const draft = await readDraft(transaction, place);
    const published = await publish(transaction);
    const kept = holdsUnpublishedEdits(draft, latest, content)
      ? await setAside(transaction, place, draft as StoredDraft, restoredNumber, now)
      : undefined;
    const next = await replaceDraft(transaction, place, draft, content, published.number, now);
    return { published, draft: next, setAside: kept };
  });
}

export interface BroughtBackDraft {
  /** The draft now: the set-aside content, based on the published version. */
  draft: StoredDraft;
  /** The draft it replaced, when that held unpublished edits of its own. */
  setAside: SetAsideDraftSummary | undefined;
}

/**
 * Makes a set-aside draft the draft again (undefined when there is no such draft), in one
 * transaction; the draft it replaces is set aside in turn when it holds unpublished edits, so
 * bringing one back never loses another. `latest` is the published version the draft is based on.
 */
export async function bringBack(
  db: Db,
  place: DraftPlace,
  id: string,
  latest: (transaction: Db) => Promise<{ number: number; content: unknown } | undefined>,
  now: Date,
): Promise<BroughtBackDraft | undefined> {
  return withDraftReplaced(db, async (transaction) => {
    // `latest` first: an entry's holds the entry's row, and so takes SQLite's write lock at once.
    const published = await latest(transaction);
    const wanted = await setAsideById(transaction, place, id);
    if (!wanted) return undefined;
    const draft = await readDraft(transaction, place);
    const kept = holdsUnpublishedEdits(draft, published?.content, wanted.content)
      ? await setAside(transaction, place, draft as StoredDraft, null, now)
      : undefined;
    await draftTables(transaction).deleteFrom(place.setAside).where('id', '=', id).execute();
    const next = await replaceDraft(
      transaction,
      place,
      draft,
      wanted.content,
      published?.number ?? wanted.basedOn,
      now,
    );
    return { draft: next, setAside: kept };
  });
}
