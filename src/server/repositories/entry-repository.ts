import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type Collection,
  type EntryContent,
  entryVisibleFrom,
  type RenderedEntry,
} from '../../shared/schemas/collections.js';
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

/**
 * The collections' entries (issue 27): each entry has its own draft, versions and restore, as the
 * site's content has (`content-repository.ts`, with which it shares `version-store.ts`). Versions of
 * every entry are numbered in one sequence, so the largest number is the collections' revision that
 * every process polls. `entry_slugs` holds every slug an entry was published under, and the slug of
 * an entry not yet published: its primary key keeps a slug unique per collection forever on both
 * engines, also when two writers race.
 */
type Db = Kysely<Database>;

export type EntrySource = 'editor' | 'files' | 'restore';

export interface EntryRecord {
  id: string;
  collection: Collection;
  slug: string;
  createdAt: string;
  deletedAt: string | null;
  latestVersion: number | null;
  visibleFrom: string | null;
}

export interface EntryVersion {
  number: number;
  entryId: string;
  content: EntryContent;
  rendered: RenderedEntry;
  createdAt: string;
  source: EntrySource;
  note: string | null;
  restoredFrom: number | null;
}

export type EntryVersionSummary = Omit<EntryVersion, 'content' | 'rendered'>;

export type EntryDraft = StoredDraft;
export type { BroughtBackDraft, DraftSaveResult, SetAsideDraft, SetAsideDraftSummary };

/** The slug is used, now or before, by another entry of the collection. */
export class SlugTakenError extends Error {
  override name = 'SlugTakenError';
}

/** There is no such entry, or it is deleted: nothing can be published to it. */
export class EntryMissingError extends Error {
  override name = 'EntryMissingError';
}

const ENTRY_COLUMNS = [
  'entries.id',
  'entries.collection',
  'entries.slug',
  'entries.created_at',
  'entries.deleted_at',
  'entries.latest_version',
  'entries.visible_from',
] as const;

interface EntryRow {
  id: string;
  collection: string;
  slug: string;
  created_at: string;
  deleted_at: string | null;
  latest_version: number | string | null;
  visible_from: string | null;
}

function recordOf(row: EntryRow): EntryRecord {
  return {
    id: row.id,
    collection: row.collection as Collection,
    slug: row.slug,
    createdAt: row.created_at,
    deletedAt: row.deleted_at,
    latestVersion: row.latest_version === null ? null : Number(row.latest_version),
    visibleFrom: row.visible_from,
  };
}

const VERSION_SUMMARY_COLUMNS = [
  'entry_versions.number',
  'entry_versions.entry_id',
  'entry_versions.created_at',
  'entry_versions.source',
  'entry_versions.note',
  'entry_versions.restored_from',
] as const;

interface VersionRow {
  number: number | string;
  entry_id: string;
  created_at: string;
  source: string;
  note: string | null;
  restored_from: number | string | null;
}

function versionSummaryOf(row: VersionRow): EntryVersionSummary {
  return {
    number: Number(row.number),
    entryId: row.entry_id,
    createdAt: row.created_at,
    source: row.source as EntrySource,
    note: row.note,
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
  };
}

function versionOf(row: VersionRow & { content: string; rendered: string }): EntryVersion {
  return {
    ...versionSummaryOf(row),
    content: JSON.parse(row.content) as EntryContent,
    rendered: JSON.parse(row.rendered) as RenderedEntry,
  };
}

/** An entry's draft and the drafts a restore set aside from it. */
const draftPlace = (id: string): DraftPlace => ({
  drafts: 'entry_drafts',
  keyColumn: 'entry_id',
  key: id,
  setAside: 'entry_set_aside_drafts',
});

/**
 * Takes `slug` in `collection` for the entry, or keeps it if the entry has it already; throws
 * SlugTakenError when another entry has it. The insert is a write, so of two writers that want the
 * same slug at once the second waits for the first (PostgreSQL: its row; SQLite: the write lock)
 * and then finds the slug taken.
 */
async function takeSlug(db: Db, collection: Collection, slug: string, id: string): Promise<void> {
  await db
    .insertInto('entry_slugs')
    .values({ collection, slug, entry_id: id })
    .onConflict((conflict) => conflict.columns(['collection', 'slug']).doNothing())
    .execute();
  const holder = await db
    .selectFrom('entry_slugs')
    .select('entry_id')
    .where('collection', '=', collection)
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (holder?.entry_id !== id) throw new SlugTakenError(`the slug ${slug} is taken in ${collection}`);
}

/**
 * Creates an entry with no version and no draft, holding `slug` (SlugTakenError when any entry of
 * the collection has or had it).
 */
export async function createEntry(
  db: Db,
  collection: Collection,
  slug: string,
  now = new Date(),
): Promise<EntryRecord> {
  const record: EntryRecord = {
    id: randomUUID(),
    collection,
    slug,
    createdAt: now.toISOString(),
    deletedAt: null,
    latestVersion: null,
    visibleFrom: null,
  };
  await db.transaction().execute(async (transaction) => {
    await transaction
      .insertInto('entries')
      .values({ id: record.id, collection, slug, created_at: record.createdAt })
      .execute();
    await takeSlug(transaction, collection, slug, record.id);
  });
  return record;
}

export async function entryById(db: Db, id: string): Promise<EntryRecord | undefined> {
  const row = await db.selectFrom('entries').select(ENTRY_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && recordOf(row);
}

/** The live entry whose current slug this is. */
export async function entryBySlug(db: Db, collection: Collection, slug: string): Promise<EntryRecord | undefined> {
  const row = await db
    .selectFrom('entries')
    .select(ENTRY_COLUMNS)
    .where('collection', '=', collection)
    .where('slug', '=', slug)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && recordOf(row);
}

export type ListedEntry = EntryRecord & {
  latest: EntryContent | null;
  draft: { revision: number; updatedAt: string; basedOn: number | null } | null;
};

/** The collection's live entries, newest first, each with its latest content and its draft's state, in one query. */
export async function listEntries(db: Db, collection: Collection): Promise<ListedEntry[]> {
  const rows = await db
    .selectFrom('entries')
    .leftJoin('entry_versions', 'entry_versions.number', 'entries.latest_version')
    .leftJoin('entry_drafts', 'entry_drafts.entry_id', 'entries.id')
    .select([
      ...ENTRY_COLUMNS,
      'entry_versions.content as latest',
      'entry_drafts.revision as draft_revision',
      'entry_drafts.updated_at as draft_updated_at',
      'entry_drafts.based_on as draft_based_on',
    ])
    .where('entries.collection', '=', collection)
    .where('entries.deleted_at', 'is', null)
    .orderBy('entries.created_at', 'desc')
    .orderBy('entries.id')
    .execute();
  return rows.map((row) => ({
    ...recordOf(row),
    latest: row.latest === null ? null : (JSON.parse(row.latest) as EntryContent),
    draft:
      row.draft_revision === null || row.draft_updated_at === null
        ? null
        : {
            revision: Number(row.draft_revision),
            updatedAt: row.draft_updated_at,
            basedOn: row.draft_based_on === null ? null : Number(row.draft_based_on),
          },
  }));
}

export const entryDraft = (db: Db, id: string): Promise<EntryDraft | undefined> => readDraft(db, draftPlace(id));

/**
 * Saves the entry's draft if it is still at `revision` (0 when there is none yet); otherwise the
 * answer carries the current draft instead of overwriting it.
 */
export const saveEntryDraft = (
  db: Db,
  id: string,
  draft: { content: unknown; basedOn: number | null; revision: number },
  now = new Date(),
): Promise<DraftSaveResult> => saveDraft(db, draftPlace(id), draft, now);

/**
 * Holds the entry's row until the transaction ends, and reads it: a write that changes nothing, the
 * same SQL on both engines (PostgreSQL locks the row, as `FOR UPDATE` would; SQLite takes the write
 * lock first, so the transaction never has to upgrade a read). Publishes of one entry follow one
 * another, so its latest version is the one committed last.
 */
async function holdEntry(db: Db, id: string): Promise<EntryRecord | undefined> {
  const row = await db
    .updateTable('entries')
    .set((update) => ({ slug: update.ref('slug') }))
    .where('id', '=', id)
    .returning(['id', 'collection', 'slug', 'created_at', 'deleted_at', 'latest_version', 'visible_from'])
    .executeTakeFirst();
  return row && recordOf(row);
}

type PublishOptions = { source: EntrySource; note?: string | null; restoredFrom?: number | null };

/** Publishing, inside the caller's transaction. */
async function publishIn(
  db: Db,
  id: string,
  { content, rendered }: { content: EntryContent; rendered: RenderedEntry },
  { source, note = null, restoredFrom = null }: PublishOptions,
  now: Date,
): Promise<EntryVersionSummary> {
  const entry = await holdEntry(db, id);
  if (!entry || entry.deletedAt !== null) throw new EntryMissingError(`there is no entry ${id}`);
  await takeSlug(db, entry.collection, content.slug, id);
  const created_at = now.toISOString();
  // Without `unless` it answers a number or throws.
  const number = (await insertWithNextNumber(
    db,
    'entry_versions',
    {
      entry_id: id,
      content: JSON.stringify(content),
      rendered: JSON.stringify(rendered),
      created_at,
      source,
      note,
      restored_from: restoredFrom,
    },
    { failure: 'could not publish: too many entry versions published at the same moment' },
  )) as number;
  await db
    .updateTable('entries')
    .set({ slug: content.slug, latest_version: number, visible_from: entryVisibleFrom(content) ?? null })
    .where('id', '=', id)
    .execute();
  // The slug it was created with, renamed before it was ever published: no address ever showed it.
  if (entry.latestVersion === null && entry.slug !== content.slug) {
    await db
      .deleteFrom('entry_slugs')
      .where('collection', '=', entry.collection)
      .where('slug', '=', entry.slug)
      .where('entry_id', '=', id)
      .execute();
  }
  return { number, entryId: id, createdAt: created_at, source, note, restoredFrom };
}

/**
 * Publishes the entry's content and rendering as the next version, in one transaction: the version,
 * the entry's current slug, latest version and `visible_from`, and its slug kept in `entry_slugs`.
 * Throws SlugTakenError when another entry of the collection has or had the slug, EntryMissingError
 * when there is no such live entry.
 */
export async function publishEntryVersion(
  db: Db,
  id: string,
  published: { content: EntryContent; rendered: RenderedEntry },
  options: PublishOptions,
  now = new Date(),
): Promise<EntryVersionSummary> {
  return db.transaction().execute((transaction) => publishIn(transaction, id, published, options, now));
}

/** An entry's versions newest first, without their content. */
export async function listEntryVersions(
  db: Db,
  id: string,
  { limit = 50, before }: { limit?: number; before?: number } = {},
): Promise<EntryVersionSummary[]> {
  let query = db
    .selectFrom('entry_versions')
    .select(VERSION_SUMMARY_COLUMNS)
    .where('entry_id', '=', id)
    .orderBy('number', 'desc')
    .limit(limit);
  if (before !== undefined) query = query.where('number', '<', before);
  return (await query.execute()).map(versionSummaryOf);
}

export async function entryVersionByNumber(db: Db, number: number): Promise<EntryVersion | undefined> {
  const row = await db
    .selectFrom('entry_versions')
    .select([...VERSION_SUMMARY_COLUMNS, 'content', 'rendered'])
    .where('number', '=', number)
    .executeTakeFirst();
  return row && versionOf(row);
}

/**
 * Entries with their latest version, each found by its number (the primary key), however many
 * versions there are. The version's time is `version_created_at` beside the entry's `created_at`.
 */
function entriesWithLatestVersion(db: Db) {
  return db
    .selectFrom('entries')
    .innerJoin('entry_versions', 'entry_versions.number', 'entries.latest_version')
    .select([
      ...ENTRY_COLUMNS,
      'entry_versions.number',
      'entry_versions.created_at as version_created_at',
      'entry_versions.source',
      'entry_versions.note',
      'entry_versions.restored_from',
      'entry_versions.content',
      'entry_versions.rendered',
    ]);
}

type EntryWithVersionRow = EntryRow &
  Omit<VersionRow, 'entry_id' | 'created_at'> & { version_created_at: string; content: string; rendered: string };

function entryWithVersionOf(row: EntryWithVersionRow): { entry: EntryRecord; version: EntryVersion } {
  return { entry: recordOf(row), version: versionOf({ ...row, entry_id: row.id, created_at: row.version_created_at }) };
}

async function latestEntryVersion(db: Db, id: string): Promise<EntryVersion | undefined> {
  const row = await entriesWithLatestVersion(db).where('entries.id', '=', id).executeTakeFirst();
  return row && entryWithVersionOf(row).version;
}

/** The entry's latest version, its row held first (`holdEntry`): how a restore or a bring-back starts. */
async function heldLatestVersion(db: Db, id: string): Promise<EntryVersion | undefined> {
  await holdEntry(db, id);
  return latestEntryVersion(db, id);
}

export type RestoredEntryVersion = RestoredIntoDraft<EntryVersionSummary>;

/**
 * Publishes a copy of `version` (its content and rendering) as its entry's newest version and makes
 * it the entry's draft, in one transaction; a draft with unpublished edits is set aside, not lost
 * (decision 025). SlugTakenError when the version's slug went to another entry meanwhile.
 */
export async function restoreEntryVersion(
  db: Db,
  version: EntryVersion,
  { note }: { note: string | null },
  now = new Date(),
): Promise<RestoredEntryVersion> {
  const id = version.entryId;
  return restoreIntoDraft(
    db,
    draftPlace(id),
    {
      content: version.content,
      restoredNumber: version.number,
      latestContent: async (transaction) => (await heldLatestVersion(transaction, id))?.content,
      publish: (transaction) =>
        publishIn(
          transaction,
          id,
          { content: version.content, rendered: version.rendered },
          { source: 'restore', note, restoredFrom: version.number },
          now,
        ),
    },
    now,
  );
}

/** The entry's set-aside drafts, newest first (the newest 20 are kept), without their content. */
export const listEntrySetAsideDrafts = (db: Db, id: string): Promise<SetAsideDraftSummary[]> =>
  listSetAside(db, draftPlace(id));

export const entrySetAsideDraftById = (db: Db, id: string, setAsideId: string): Promise<SetAsideDraft | undefined> =>
  setAsideById(db, draftPlace(id), setAsideId);

/**
 * Makes one of the entry's set-aside drafts its draft again (undefined when it has no such draft);
 * the draft it replaces is set aside in turn when it holds unpublished edits.
 */
export const bringBackEntrySetAsideDraft = (
  db: Db,
  id: string,
  setAsideId: string,
  now = new Date(),
): Promise<BroughtBackDraft | undefined> =>
  bringBack(db, draftPlace(id), setAsideId, (transaction) => heldLatestVersion(transaction, id), now);

/**
 * Deletes an entry (false when there is no such live entry). One that was published gets a last
 * version, its latest content with status `draft` (so the revision every process polls moves and
 * each drops it), then is marked deleted; its slugs stay taken, so its addresses never name another
 * entry. One never published frees its slug: no address ever showed it. Its draft and versions stay.
 */
export async function deleteEntry(
  db: Db,
  id: string,
  now = new Date(),
  { source = 'editor', note = 'deleted' }: { source?: EntrySource; note?: string | null } = {},
): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    const entry = await holdEntry(transaction, id);
    if (!entry || entry.deletedAt !== null) return false;
    const latest = await latestEntryVersion(transaction, id);
    if (latest) {
      await publishIn(
        transaction,
        id,
        { content: { ...latest.content, status: 'draft' }, rendered: latest.rendered },
        { source, note },
        now,
      );
    } else {
      await transaction.deleteFrom('entry_slugs').where('entry_id', '=', id).execute();
    }
    await transaction
      .updateTable('entries')
      .set({ deleted_at: now.toISOString(), visible_from: null })
      .where('id', '=', id)
      .execute();
    return true;
  });
}

/**
 * Every live entry whose latest version is published, scheduled ones too (the caller compares
 * `visibleFrom` with the time), newest first: one query, each entry's latest version found by its
 * number, however many versions there are.
 */
export async function publishedEntries(db: Db): Promise<Array<{ entry: EntryRecord; version: EntryVersion }>> {
  const rows = await entriesWithLatestVersion(db)
    .where('entries.deleted_at', 'is', null)
    .where('entries.visible_from', 'is not', null)
    .orderBy('entries.visible_from', 'desc')
    .orderBy('entries.id')
    .execute();
  return rows.map(entryWithVersionOf);
}

/** The collections' revision: the latest entry version's number, 0 with none (one lookup on the primary key). */
export async function entriesRevision(db: Db): Promise<number> {
  return Number((await columnMax(db, 'entry_versions', 'number')) ?? 0);
}

/**
 * The current slug of the live entry that was once published under `slug` in `collection`, when it
 * differs (an old address, to be sent on with 301); undefined otherwise. Only for an entry visitors
 * see at `now`: an old address never reveals the new slug of a draft or a scheduled entry.
 */
export async function slugRedirect(
  db: Db,
  collection: Collection,
  slug: string,
  now = new Date(),
): Promise<string | undefined> {
  const row = await db
    .selectFrom('entry_slugs')
    .innerJoin('entries', 'entries.id', 'entry_slugs.entry_id')
    .select('entries.slug')
    .where('entry_slugs.collection', '=', collection)
    .where('entry_slugs.slug', '=', slug)
    .where('entries.deleted_at', 'is', null)
    .where('entries.visible_from', '<=', now.toISOString())
    .executeTakeFirst();
  return row && row.slug !== slug ? row.slug : undefined;
}
