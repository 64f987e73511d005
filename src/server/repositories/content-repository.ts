import type { Insertable, Kysely } from 'kysely';
import type { SiteContent } from '../../shared/schemas/content.js';
import type { Database } from '../db/schema.js';
import { columnMax } from './column-max.js';
import {
  type BroughtBackDraft,
  bringBack,
  type DraftPlace,
  type DraftSaveResult,
  insertWithNextNumber,
  listSetAside,
  type RestoredIntoDraft,
  readDraft,
  restoreIntoDraft,
  type SetAsideDraft,
  type SetAsideDraftSummary,
  type StoredDraft,
  saveDraft,
  setAsideById,
} from './version-store.js';

export type { BroughtBackDraft, DraftSaveResult, SetAsideDraft, SetAsideDraftSummary };

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

export type ContentDraft = StoredDraft;

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
 * Inserts a content version under the number after the latest (`insertWithNextNumber`). Numbers are
 * never used twice: the history's thinning never deletes the latest version, whose number the
 * pages' ETags carry.
 */
export function insertAsNextVersion(
  db: Db,
  row: Omit<Insertable<Database['content_versions']>, 'number'>,
  options: { unless?: () => Promise<boolean>; failure: string },
): Promise<number | undefined> {
  return insertWithNextNumber(db, 'content_versions', row, options);
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

/** The site's one draft and the drafts set aside from it. */
const CONTENT_DRAFT: DraftPlace = {
  drafts: 'content_drafts',
  keyColumn: 'id',
  key: 'draft',
  setAside: 'content_set_aside_drafts',
};

export const contentDraft = (db: Db): Promise<ContentDraft | undefined> => readDraft(db, CONTENT_DRAFT);

/**
 * Saves the draft if it is still at `revision` (0 when there is none yet); otherwise someone saved
 * since (a second tab), and the answer carries the current draft instead of overwriting it.
 */
export const saveContentDraft = (
  db: Db,
  draft: { content: unknown; basedOn: number | null; revision: number },
  now = new Date(),
): Promise<DraftSaveResult> => saveDraft(db, CONTENT_DRAFT, draft, now);

export type RestoredVersion = RestoredIntoDraft<ContentVersionSummary>;

/**
 * Publishes a copy of `restored` as the newest version and makes it the draft, in one transaction
 * (issue 25, defect 1); a draft with unpublished edits is set aside, not lost (`restoreIntoDraft`).
 */
export async function restoreContentVersion(
  db: Db,
  restored: ContentVersion,
  { note }: { note: string | null },
  now = new Date(),
): Promise<RestoredVersion> {
  return restoreIntoDraft(
    db,
    CONTENT_DRAFT,
    {
      content: restored.content,
      restoredNumber: restored.number,
      latestContent: async (transaction) => (await latestContentVersion(transaction))?.content,
      publish: (transaction) =>
        publishContentVersion(
          transaction,
          restored.content,
          { source: 'restore', note, restoredFrom: restored.number },
          now,
        ),
    },
    now,
  );
}

/** Set-aside drafts, newest first, without their content. */
export const listSetAsideDrafts = (db: Db): Promise<SetAsideDraftSummary[]> => listSetAside(db, CONTENT_DRAFT);

export const setAsideDraftById = (db: Db, id: string): Promise<SetAsideDraft | undefined> =>
  setAsideById(db, CONTENT_DRAFT, id);

/**
 * Makes a set-aside draft the draft again (undefined when there is no such draft), in one
 * transaction; the draft it replaces is set aside in turn when it holds unpublished edits.
 */
export const bringBackSetAsideDraft = (db: Db, id: string, now = new Date()): Promise<BroughtBackDraft | undefined> =>
  bringBack(db, CONTENT_DRAFT, id, latestContentVersion, now);
