import { isDeepStrictEqual } from 'node:util';
import { type Collection, type EntryContent, entryPath } from '../../shared/schemas/collections.js';
import type { Db } from '../db/database.js';
import { fill, OWNER_TEXTS } from '../i18n/owner-texts.js';
import { renderEntry } from '../markdown/render-markdown.js';
import { entryPicturesOf } from '../pictures/content-pictures.js';
import {
  createEntry,
  type EntryRecord,
  type EntryVersion,
  entryBySlug,
  entryVersionByNumber,
  listEntries,
  listEntryVersions,
  publishEntryVersion,
  SlugTakenError,
} from '../repositories/entry-repository.js';
import { noticeChoices } from '../repositories/owner-settings-repository.js';
import { importPictures } from './import-content-pictures.js';
import type { EntryFolder, LoadedEntries } from './load-entries.js';

export interface EntryFilesImport {
  /** Entries published as a new version (source `files`), new ones included. */
  published: Array<{ collection: Collection; slug: string; version: number; created: boolean }>;
  /** Entries whose folder was removed, published again as drafts. */
  takenDown: Array<{ collection: Collection; slug: string; version: number }>;
  /** Folders left unpublished, each one line for the log: a slug another entry holds or held. */
  skipped: string[];
}

export interface EntryFilesOptions {
  /**
   * What an entry's files are compared with: `files`, the entry's last files import (the content
   * folder: an entry is published when its files changed since, so the studio's later edits stay
   * while they do not); `latest`, its latest version (`content:import` of another folder).
   */
  compareWith: 'files' | 'latest';
  /** Whether an entry whose folder is gone is taken down (the content folder; not `content:import`). */
  takeDown: boolean;
  /** Kept with each version published. */
  note?: string;
  /**
   * What this process has already settled, so a watcher's turn reads the database only for the
   * folders that changed since: each entry's content by `<collection>/<slug>`, and each entry
   * checked for removal by id with its latest version then.
   */
  settled?: { folders: Map<string, string>; removals: Map<string, number | null> };
  now?: Date;
}

/** Content compared as data: key order and JSON's round trip make no difference. */
function sameContent(one: EntryContent, other: EntryContent): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(one)), JSON.parse(JSON.stringify(other)));
}

/** The entry's latest version that came from files, or undefined when none did. */
async function lastFilesVersion(db: Db, id: string): Promise<EntryVersion | undefined> {
  const pageSize = 50;
  let before: number | undefined;
  for (;;) {
    const page = await listEntryVersions(db, id, { limit: pageSize, before });
    const found = page.find((version) => version.source === 'files');
    if (found) return entryVersionByNumber(db, found.number);
    if (page.length < pageSize) return undefined;
    before = page.at(-1)?.number;
  }
}

async function latestVersion(db: Db, record: EntryRecord): Promise<EntryVersion | undefined> {
  return record.latestVersion === null ? undefined : entryVersionByNumber(db, record.latestVersion);
}

/** Whether the entry's files say something its versions do not already: then they are published. */
async function filesChanged(
  db: Db,
  record: EntryRecord | undefined,
  content: EntryContent,
  compareWith: EntryFilesOptions['compareWith'],
): Promise<boolean> {
  if (!record) return true;
  if (compareWith === 'files') {
    const last = await lastFilesVersion(db, record.id);
    if (last && sameContent(last.content, content)) return false;
  }
  const latest = await latestVersion(db, record);
  return !(latest && sameContent(latest.content, content));
}

/**
 * Publishes the collections' entries of a content folder (issue 27, item 3), read and checked by
 * `loadEntries`: each entry whose files changed gets a new version with source `files` (a new slug, a
 * new entry), rendered by the Markdown pipeline, unless its latest version already holds the same
 * content. The pictures they show are stored first, checked as uploads are; a bad one throws
 * `ContentError` and nothing is published.
 *
 * With `takeDown`, an entry whose folder is gone is taken down: published again with status `draft`,
 * its latest words kept, and its history with it. Only an entry that came from the files and that the
 * files last showed published: one made in the studio has no folder to lose, and a folder already
 * taken down is not taken down again when the studio publishes the entry later. A collection whose
 * folder is missing altogether (a content folder from before collections) takes nothing down.
 */
export async function publishEntryFiles(
  db: Db,
  contentDir: string,
  loaded: Pick<LoadedEntries, 'entries' | 'collections'>,
  { compareWith, takeDown, note, settled, now = new Date() }: EntryFilesOptions,
): Promise<EntryFilesImport> {
  const result: EntryFilesImport = { published: [], takenDown: [], skipped: [] };
  const key = (entry: { collection: Collection; slug: string }) => `${entry.collection}/${entry.slug}`;

  const changed: Array<{ entry: EntryFolder; record: EntryRecord | undefined }> = [];
  for (const entry of loaded.entries) {
    const seen = JSON.stringify(entry.content);
    if (settled?.folders.get(key(entry)) === seen) continue;
    const record = await entryBySlug(db, entry.collection, entry.slug);
    if (await filesChanged(db, record, entry.content, compareWith)) changed.push({ entry, record });
    else settled?.folders.set(key(entry), seen);
  }

  // Rendered and their pictures stored before anything is published: a bad picture stops them all.
  const rendered = await Promise.all(changed.map(({ entry }) => renderEntry(entry.content)));
  const pictures = changed.flatMap(({ entry }, index) =>
    entryPicturesOf({ content: entry.content, rendered: rendered[index] ?? {} }),
  );
  await importPictures(db, contentDir, [...new Set(pictures)]);

  for (const [index, { entry, record: found }] of changed.entries()) {
    let record = found;
    let created = false;
    try {
      if (!record) {
        record = await createEntry(db, entry.collection, entry.slug, now).catch(async (error: unknown) => {
          // Another process reading the same folder may have created it a moment ago.
          const other = error instanceof SlugTakenError && (await entryBySlug(db, entry.collection, entry.slug));
          if (!other) throw error;
          return other;
        });
        created = record.latestVersion === null;
        if (!created && !(await filesChanged(db, record, entry.content, 'latest'))) continue;
      }
      const version = await publishEntryVersion(
        db,
        record.id,
        { content: entry.content, rendered: rendered[index] ?? {} },
        { source: 'files', note: note ?? null },
        now,
      );
      result.published.push({ collection: entry.collection, slug: entry.slug, version: version.number, created });
      settled?.folders.set(key(entry), JSON.stringify(entry.content));
    } catch (error) {
      if (!(error instanceof SlugTakenError)) throw error;
      result.skipped.push(
        `${entry.folder} was not published: the address ${entryPath(entry.collection, entry.slug)} belongs to another entry, or to one renamed or deleted in the studio; rename or remove the folder`,
      );
    }
  }

  if (takeDown) {
    const present = new Set(loaded.entries.map(key));
    for (const collection of loaded.collections) {
      for (const record of await listEntries(db, collection)) {
        if (present.has(key(record)) || record.latestVersion === null) continue;
        if (settled?.removals.get(record.id) === record.latestVersion) continue;
        const taken = await takeDownIfFromFiles(db, record, present, now);
        if (taken) result.takenDown.push({ collection, slug: record.slug, version: taken });
        settled?.removals.set(record.id, taken ?? record.latestVersion);
      }
    }
  }
  return result;
}

/** Takes down an entry whose folder was removed (see `publishEntryFiles`); answers the version it published. */
async function takeDownIfFromFiles(
  db: Db,
  record: EntryRecord,
  present: ReadonlySet<string>,
  now: Date,
): Promise<number | undefined> {
  const fromFiles = await lastFilesVersion(db, record.id);
  if (fromFiles?.content.status !== 'published') return undefined;
  // Renamed in the studio since: the folder under its old slug is still there, and still its files.
  if (present.has(`${record.collection}/${fromFiles.content.slug}`)) return undefined;
  const latest = await latestVersion(db, record);
  if (!latest) return undefined;
  const version = await publishEntryVersion(
    db,
    record.id,
    { content: { ...latest.content, status: 'draft' }, rendered: latest.rendered },
    {
      source: 'files',
      // Sahifa's own words in the history, in the language the owner reads the studio in.
      note: fill(OWNER_TEXTS[(await noticeChoices(db)).interfaceLanguage].history.folder_removed, {
        folder: `${record.collection}/${fromFiles.content.slug}`,
      }),
    },
    now,
  );
  return version.number;
}
