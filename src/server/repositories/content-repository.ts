import type { Kysely } from 'kysely';
import type { SiteContent } from '../../shared/schemas/content.js';
import type { Database } from '../db/schema.js';

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
 * Publishes content as the next version. The number is the primary key: two processes that pick the
 * same number at once cannot both insert it, and the one that lost picks the next.
 */
export async function publishContentVersion(
  db: Db,
  content: SiteContent,
  { source, note = null, filesHash = null }: { source: ContentSource; note?: string | null; filesHash?: string | null },
  now = new Date(),
): Promise<ContentVersionSummary> {
  const json = JSON.stringify(content);
  const created_at = now.toISOString();
  for (let attempt = 0; attempt < 20; attempt++) {
    const number = ((await latestContentVersionNumber(db)) ?? 0) + 1;
    const result = await db
      .insertInto('content_versions')
      .values({ number, content: json, created_at, source, note, files_hash: filesHash })
      .onConflict((conflict) => conflict.column('number').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) {
      return { number, createdAt: created_at, source, note, filesHash };
    }
  }
  throw new Error('could not publish: too many versions published at the same moment');
}

/** The latest version's number (undefined with none): one lookup on the primary key. */
export async function latestContentVersionNumber(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('content_versions')
    .select((eb) => eb.fn.max('number').as('number'))
    .executeTakeFirst();
  return row?.number === null || row?.number === undefined ? undefined : Number(row.number);
}

export async function contentVersionByNumber(db: Db, number: number): Promise<ContentVersion | undefined> {
  const row = await db
    .selectFrom('content_versions')
    .select([...SUMMARY_COLUMNS, 'content'])
    .where('number', '=', number)
    .executeTakeFirst();
  return row && { ...summaryOf(row), content: JSON.parse(row.content) as SiteContent };
}

export async function latestContentVersion(db: Db): Promise<ContentVersion | undefined> {
  const row = await db
    .selectFrom('content_versions')
    .select([...SUMMARY_COLUMNS, 'content'])
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { ...summaryOf(row), content: JSON.parse(row.content) as SiteContent };
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
