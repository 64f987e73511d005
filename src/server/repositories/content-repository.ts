import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Insertable, Kysely } from 'kysely';
import type { SiteContent } from '../../shared/schemas/content.js';
import type { Database } from '../db/schema.js';
import { columnMax } from './column-max.js';

/** Where a published version came from. */
export type ContentSource = 'editor' | 'files' | 'restore';

export interface ContentVersion {
  number: number;
  content: SiteContent;
  createdAt: string;
  source: ContentSource;
  note: string | null;
  filesHash: string | null;
}

export type ContentVersionSummary = Omit<ContentVersion, 'content'>;

export interface ContentDraft {
  /** May be incomplete or invalid: it is checked only when published. */
  content: unknown;
  basedOn: number | null;
  revision: number;
  updatedAt: string;
}

type Db = Kysely<Database>;

const SUMMARY_COLUMNS = ['number', 'created_at', 'source', 'note', 'files_hash'] as const;

function summaryOf(row: {
  number: number | string;
  created_at: string;
  source: string;
  note: string | null;
  files_hash: string | null;
}): ContentVersionSummary {
  return {
    number: Number(row.number),
    createdAt: row.created_at,
    source: row.source as ContentSource,
    note: row.note,
    filesHash: row.files_hash,
  };
}

/**
 * Publishes content as the next version. `restoredFrom` names the version a restore copies, so the
 * history's thinning keeps both (content-history-repository.ts).
 */
export async function publishContentVersion(
  db: Db,
  content: SiteContent,
  {
    source,
    note = null,
    filesHash = null,
    restoredFrom = null,
  }: { source: ContentSource; note?: string | null; filesHash?: string | null; restoredFrom?: number | null },
  now = new Date(),
): Promise<ContentVersionSummary> {
  const created_at = now.toISOString();
  const row = { content: JSON.stringify(content), created_at, source, note, files_hash: filesHash };
  // Without `unless` it answers a number or throws.
  const number = (await insertAsNextVersion(
    db,
    { ...row, restored_from: restoredFrom },
    { failure: 'could not publish: too many versions published at the same moment' },
  )) as number;
  return { number, createdAt: created_at, source, note, filesHash };
}

/**
 * Inserts a version under the number after the latest, and answers that number. The number is the
 * primary key: two processes that pick the same number at once cannot both insert it, and the one
 * that lost picks the next; after 20 losses in a row it throws `failure`. `unless`, asked after the
 * latest number was read and before each insert, gives up (undefined). Numbers are never used twice:
 * the history's thinning never deletes the latest version, whose number the pages' ETags carry.
 */
export async function insertAsNextVersion(
  db: Db,
  row: Omit<Insertable<Database['content_versions']>, 'number'>,
  { unless, failure }: { unless?: () => Promise<boolean>; failure: string },
): Promise<number | undefined> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const number = ((await latestContentVersionNumber(db)) ?? 0) + 1;
    if (unless && (await unless())) return undefined;
    const result = await db
      .insertInto('content_versions')
      .values({ ...row, number })
      .onConflict((conflict) => conflict.column('number').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) return number;
  }
  throw new Error(failure);
}

/** The latest version's number (undefined with none): one lookup on the primary key. */
export async function latestContentVersionNumber(db: Db): Promise<number | undefined> {
  const number = await columnMax(db, 'content_versions', 'number');
  return number === undefined ? undefined : Number(number);
}

/** Versions with their content, each read whole in one query. */
const versionsWithContent = (db: Db) => db.selectFrom('content_versions').select([...SUMMARY_COLUMNS, 'content']);

function withContent(row: Parameters<typeof summaryOf>[0] & { content: string }): ContentVersion {
  return { ...summaryOf(row), content: JSON.parse(row.content) as SiteContent };
}

export async function contentVersionByNumber(db: Db, number: number): Promise<ContentVersion | undefined> {
  const row = await versionsWithContent(db).where('number', '=', number).executeTakeFirst();
  return row && withContent(row);
}

export async function latestContentVersion(db: Db): Promise<ContentVersion | undefined> {
  const row = await versionsWithContent(db).orderBy('number', 'desc').limit(1).executeTakeFirst();
  return row && withContent(row);
}

/**
 * The folder hash of the latest import of CONTENT_DIR, so an unchanged folder is not imported again.
 * A folder published by `content:import` has no hash and does not count.
 */
export async function latestFilesHash(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('content_versions')
    .select('files_hash')
    .where('source', '=', 'files')
    .where('files_hash', 'is not', null)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.files_hash ?? undefined;
}

/** Versions newest first, without their content. */
export async function listContentVersions(
  db: Db,
  { limit = 50, before }: { limit?: number; before?: number } = {},
): Promise<ContentVersionSummary[]> {
  let query = db.selectFrom('content_versions').select(SUMMARY_COLUMNS).orderBy('number', 'desc').limit(limit);
  if (before !== undefined) query = query.where('number', '<', before);
  return (await query.execute()).map(summaryOf);
}

const DRAFT_ID = 'draft';

export async function contentDraft(db: Db): Promise<ContentDraft | undefined> {
  const row = await db
    .selectFrom('content_drafts')
    .select(['content', 'based_on', 'revision', 'updated_at'])
    .where('id', '=', DRAFT_ID)
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

export type DraftSaveResult =
  | { saved: true; draft: ContentDraft }
  | { saved: false; current: ContentDraft | undefined };

/**
 * Saves the draft if it is still at `revision` (0 when there is none yet); otherwise someone saved
 * since (a second tab), and the answer carries the current draft instead of overwriting it.
 */
export async function saveContentDraft(
  db: Db,
  { content, basedOn, revision }: { content: unknown; basedOn: number | null; revision: number },
  now = new Date(),
): Promise<DraftSaveResult> {
  const updated_at = now.toISOString();
  const json = JSON.stringify(content);
  const next = revision + 1;
  const result =
    revision === 0
      ? await db
          .insertInto('content_drafts')
          .values({ id: DRAFT_ID, content: json, based_on: basedOn, revision: next, updated_at })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .executeTakeFirst()
      : await db
          .updateTable('content_drafts')
          .set({ content: json, based_on: basedOn, revision: next, updated_at })
          .where('id', '=', DRAFT_ID)
          .where('revision', '=', revision)
          .executeTakeFirst();
  const changed =
    'numInsertedOrUpdatedRows' in result ? result.numInsertedOrUpdatedRows : (result.numUpdatedRows as bigint);
  if (Number(changed ?? 0) === 1) {
    return { saved: true, draft: { content, basedOn, revision: next, updatedAt: updated_at } };
  }
  return { saved: false, current: await contentDraft(db) };
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

/** The newest set-aside drafts kept; setting aside one more lets the oldest go, as versions are capped elsewhere. */
const SET_ASIDE_KEPT = 20;

/** A save landed between reading the draft and replacing it: the whole step is tried again. */
class DraftMovedError extends Error {}

/** How often a restore or a bring-back is tried again when autosaves keep landing in between. */
const DRAFT_ATTEMPTS = 5;

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

/** Whether the draft holds edits that neither the published version nor the content replacing it has. */
function holdsUnpublishedEdits(draft: ContentDraft | undefined, published: unknown, replacement: unknown): boolean {
  return (
    draft !== undefined &&
    !isDeepStrictEqual(draft.content, published) &&
    !isDeepStrictEqual(draft.content, replacement)
  );
}

async function setAside(
  db: Db,
  draft: ContentDraft,
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
  await db.insertInto('content_set_aside_drafts').values(row).execute();
  const kept = await db
    .selectFrom('content_set_aside_drafts')
    .select('id')
    .orderBy('set_aside_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const dropped = kept.slice(SET_ASIDE_KEPT).map(({ id }) => id);
  if (dropped.length > 0) await db.deleteFrom('content_set_aside_drafts').where('id', 'in', dropped).execute();
  return setAsideSummaryOf(row);
}

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
  current: ContentDraft | undefined,
  content: unknown,
  basedOn: number | null,
  now: Date,
): Promise<ContentDraft> {
  const result = await saveContentDraft(db, { content, basedOn, revision: current?.revision ?? 0 }, now);
  if (!result.saved) throw new DraftMovedError('the draft was saved meanwhile');
  return result.draft;
}

export interface RestoredVersion {
  published: ContentVersionSummary;
  /** The draft now: the restored content, based on the new version. */
  draft: ContentDraft;
  /** The draft it replaced, when that held unpublished edits. */
  setAside: SetAsideDraftSummary | undefined;
}

/**
 * Publishes a copy of `restored` as the newest version and makes it the draft, in one transaction:
 * otherwise the draft would keep the newer edits and the next Publish would bring back what the
 * restore undid (issue 25, defect 1). A draft with unpublished edits is set aside, not lost. The
 * draft's revision goes up, so an autosave from before the restore gets the usual 409.
 */
export async function restoreContentVersion(
  db: Db,
  restored: ContentVersion,
  { note }: { note: string | null },
  now = new Date(),
): Promise<RestoredVersion> {
  return withDraftReplaced(db, async (transaction) => {
    const latest = await latestContentVersion(transaction);
    const draft = await contentDraft(transaction);
    const published = await publishContentVersion(
      transaction,
      restored.content,
      { source: 'restore', note, restoredFrom: restored.number },
      now,
    );
    const kept = holdsUnpublishedEdits(draft, latest?.content, restored.content)
      ? await setAside(transaction, draft as ContentDraft, restored.number, now)
      : undefined;
    const next = await replaceDraft(transaction, draft, restored.content, published.number, now);
    return { published, draft: next, setAside: kept };
  });
}

/** Set-aside drafts, newest first, without their content. */
export async function listSetAsideDrafts(db: Db): Promise<SetAsideDraftSummary[]> {
  const rows = await db
    .selectFrom('content_set_aside_drafts')
    .select(SET_ASIDE_SUMMARY_COLUMNS)
    .orderBy('set_aside_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SET_ASIDE_KEPT)
    .execute();
  return rows.map(setAsideSummaryOf);
}

export async function setAsideDraftById(db: Db, id: string): Promise<SetAsideDraft | undefined> {
  const row = await db
    .selectFrom('content_set_aside_drafts')
    .select([...SET_ASIDE_SUMMARY_COLUMNS, 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...setAsideSummaryOf(row), content: JSON.parse(row.content) as unknown };
}

export interface BroughtBackDraft {
  /** The draft now: the set-aside content, based on the published version. */
  draft: ContentDraft;
  /** The draft it replaced, when that held unpublished edits of its own. */
  setAside: SetAsideDraftSummary | undefined;
}

/**
 * Makes a set-aside draft the draft again (undefined when there is no such draft), in one
 * transaction; the draft it replaces is set aside in turn when it holds unpublished edits, so
 * bringing one back never loses another.
 */
export async function bringBackSetAsideDraft(
  db: Db,
  id: string,
  now = new Date(),
): Promise<BroughtBackDraft | undefined> {
  return withDraftReplaced(db, async (transaction) => {
    const wanted = await setAsideDraftById(transaction, id);
    if (!wanted) return undefined;
    const latest = await latestContentVersion(transaction);
    const draft = await contentDraft(transaction);
    const kept = holdsUnpublishedEdits(draft, latest?.content, wanted.content)
      ? await setAside(transaction, draft as ContentDraft, null, now)
      : undefined;
    await transaction.deleteFrom('content_set_aside_drafts').where('id', '=', id).execute();
    const next = await replaceDraft(transaction, draft, wanted.content, latest?.number ?? wanted.basedOn, now);
    return { draft: next, setAside: kept };
  });
}
