import { existsSync, type FSWatcher, readdirSync, statSync, watch } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { COLLECTIONS } from '../../shared/schemas/collections.js';
import { refreshPublishedEntries } from '../collections/entries-state.js';
import {
  contentFolderHash,
  contentFolderSignature,
  entryFilesHash,
  isPublishedPath,
} from '../content/content-folder-hash.js';
import type { ContentState } from '../content/content-state.js';
import { importContentPictures } from '../content/import-content-pictures.js';
import { type EntryFilesImport, publishEntryFiles } from '../content/import-entry-files.js';
import { ContentError } from '../content/load-content.js';
import { loadContentFolder } from '../content/load-entries.js';
import type { Db } from '../db/database.js';
import { publishFilesVersionOnce } from '../repositories/content-files-repository.js';
import type { Job } from './scheduler.js';

export interface ContentFolderWatchOptions {
  contentDir: string;
  /** How often the job looks whether the folder changed; nothing is read when it did not. */
  intervalMs?: number;
  /** Quiet time after the last change before the folder is read, so a save in several steps is read once. */
  settleMs?: number;
  /** Where the folder cannot be watched, how often its files' sizes and times are compared instead. */
  pollMs?: number;
  /** Even while watching, how often those are compared: a folder replaced whole is not seen by a watch. */
  safetyPollMs?: number;
  /** Node's `fs.watch` (one folder each); tests pass one that fails to try the fallback. */
  watchFolder?: typeof watch;
}

/** The folders whose every subfolder is watched: the pictures' and the collections' (`notes/<slug>/`). */
const WATCHED_TREES = ['images', ...COLLECTIONS];

/** The tree under `WATCHED_TREES` a changed path is in, if any. */
function treeOf(changed: string): string | undefined {
  return WATCHED_TREES.find((tree) => changed === tree || changed.startsWith(`${tree}/`));
}

/**
 * Watches the content folder and every folder under `images/`, `notes/` and `projects/`, one
 * non-recursive `fs.watch` each.
 * Node 20's recursive `fs.watch` on Linux loses a file once an editor has replaced it by a rename
 * (checked on Node 20.20: the second save through a temporary file is not reported); a watch on
 * the folder that holds the file reports every save, whichever way it is written.
 */
class FolderWatch {
  readonly #watchers = new Map<string, FSWatcher>();

  constructor(
    private readonly root: string,
    private readonly onChange: (file: string) => void,
    private readonly onError: (error: Error) => void,
    private readonly watchFolder: typeof watch,
  ) {
    this.#sync();
  }

  close(): void {
    for (const watcher of this.#watchers.values()) watcher.close();
    this.#watchers.clear();
  }

  /** Watches the folders there are now (a new folder under images/ or notes/ is watched once it appears). */
  #sync(): void {
    const folders = new Set(['', ...WATCHED_TREES.flatMap((tree) => foldersUnder(this.root, tree))]);
    for (const [folder, watcher] of this.#watchers) {
      if (!folders.has(folder)) {
        watcher.close();
        this.#watchers.delete(folder);
      }
    }
    for (const folder of folders) {
      if (this.#watchers.has(folder)) continue;
      const watcher = this.watchFolder(path.join(this.root, folder), { persistent: false }, (_event, file) => {
        // Some platforms do not name the file; then any change in the folder counts.
        const changed = file === null ? folder || 'images' : path.posix.join(folder, String(file));
        if (treeOf(changed) !== undefined) this.#syncQuietly();
        this.onChange(changed);
      });
      watcher.on('error', (error) => {
        // A folder under images/ or notes/ that was removed ends its watch; the root's end is an error.
        if (folder === '') this.onError(error);
        else this.#syncQuietly();
      });
      this.#watchers.set(folder, watcher);
    }
  }

  #syncQuietly(): void {
    try {
      this.#sync();
    } catch (error) {
      this.onError(error as Error);
    }
  }
}

/** `relative` and every folder under it, relative to `root` with `/`; none when it is missing. */
function foldersUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full) || !statSync(full).isDirectory()) return [];
  return [
    relative,
    ...readdirSync(full, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => foldersUnder(root, `${relative}/${entry.name}`)),
  ];
}

/**
 * Publishes the content folder as a new version (source `files`) within about a second of a change
 * while the site runs (issue 16, item 4). Watching its folders (`FolderWatch`) marks it changed; an
 * editor's save through a temporary file and a rename arrives as a rename of the file itself. Where
 * watching fails, the files' sizes and modification times are polled instead.
 *
 * Once the changes settle, the folder is read and checked as at start-up, and the pictures it names
 * are stored. An invalid folder (a bad file or picture) is logged with every problem, once per state
 * of the folder, and the site keeps serving its version.
 * A valid one is published unless the latest files import holds the same folder hash, so processes
 * sharing a folder (and a restart with an unchanged one) publish it once. The collections' entries
 * (`notes/<slug>/`, `projects/<slug>/`, issue 27) are published each as its own version when its files
 * changed (`publishEntryFiles`), and the site's entries read again at once. Nothing else is touched:
 * versions published from the browser stay in the history, and the draft stays as it is.
 *
 * It runs as a scheduled job, so an import never overlaps another and the server's close stops the
 * watch and waits for an import under way.
 */
export function contentFolderWatchJob(
  state: ContentState,
  db: Db,
  {
    contentDir,
    intervalMs = 500,
    settleMs = 300,
    pollMs = 2_000,
    safetyPollMs = 30_000,
    watchFolder = watch,
  }: ContentFolderWatchOptions,
): Job {
  let watcher: FolderWatch | undefined;
  let started = false;
  /** When the folder last changed and has not been read since; 0 reads it at the first turn. */
  let changedAt: number | undefined = 0;
  let signature: string | undefined;
  let polledAt = Date.now();
  /** The hash of an invalid folder already logged, so its problems are not repeated every turn. */
  let rejectedHash: string | undefined;

  function startWatching(log: FastifyBaseLogger, signal: AbortSignal): void {
    try {
      watcher = new FolderWatch(
        contentDir,
        (file) => {
          if (isPublishedPath(file)) changedAt = Date.now();
        },
        (error) => {
          log.warn({ err: error }, `the content folder can no longer be watched; checking it every ${pollMs} ms`);
          watcher?.close();
          watcher = undefined;
          changedAt = Date.now();
        },
        watchFolder,
      );
      signal.addEventListener('abort', () => watcher?.close(), { once: true });
    } catch (error) {
      watcher = undefined;
      log.warn({ err: error }, `the content folder cannot be watched; checking it every ${pollMs} ms`);
    }
  }

  /** Compares the files' sizes and times with the last look, every `pollMs` (or `safetyPollMs` while watching). */
  function poll(now: number): void {
    if (now - polledAt < (watcher ? safetyPollMs : pollMs)) return;
    polledAt = now;
    const next = contentFolderSignature(contentDir);
    if (signature !== undefined && next !== signature) changedAt ??= now - settleMs;
    signature = next;
  }

  /** What this process already published or checked of the collections' folders (`publishEntryFiles`). */
  const settled = { folders: new Map<string, string>(), removals: new Map<string, number | null>() };

  /** Logs a bad folder once per state of it; the site keeps serving what it served. */
  function reject(log: FastifyBaseLogger, error: ContentError, hash: string): void {
    if (hash === rejectedHash) return;
    rejectedHash = hash;
    log.error(
      { problems: error.problems, servedVersion: state.current.version },
      `the content folder changed but was not published; still serving version ${state.current.version}. ${error.message}`,
    );
  }

  async function importFolder(log: FastifyBaseLogger): Promise<void> {
    // The sections' hash (kept with their files import) and the entries' files': the folder's whole state.
    const sectionsHash = contentFolderHash(contentDir);
    const folderHash = () => `${contentFolderHash(contentDir)} ${entryFilesHash(contentDir)}`;
    const hash = `${sectionsHash} ${entryFilesHash(contentDir)}`;
    let read: ReturnType<typeof loadContentFolder>;
    try {
      read = loadContentFolder(contentDir);
      // The pictures it names go into the database first, checked as uploads are (as at start-up).
      await importContentPictures(db, contentDir, read.content);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      reject(log, error, hash);
      return;
    }
    // Still being written: what was read may not be what was hashed. The next turn reads it again.
    if (folderHash() !== hash) {
      changedAt = Date.now();
      return;
    }
    let entries: EntryFilesImport;
    try {
      // Each entry whose files changed, as its own version; a bad picture of one publishes none.
      entries = await publishEntryFiles(db, contentDir, read.entries, {
        compareWith: 'files',
        takeDown: true,
        settled,
      });
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      reject(log, error, hash);
      return;
    }
    rejectedHash = undefined;
    for (const { collection, slug, version } of entries.published) {
      log.info({ entryVersion: version }, `the content folder's ${collection}/${slug} was published`);
    }
    for (const { collection, slug, version } of entries.takenDown) {
      log.info(
        { entryVersion: version },
        `${collection}/${slug} was taken down (a draft again): its folder was removed`,
      );
    }
    for (const skipped of entries.skipped) log.warn(skipped);
    if (entries.published.length > 0 || entries.takenDown.length > 0) await refreshPublishedEntries(db, state);
    const published = await publishFilesVersionOnce(db, read.content, sectionsHash);
    // A newer version published meanwhile elsewhere stays: the content-refresh job serves it.
    if (published && published.number > state.current.version && state.replace(read.content, published.number)) {
      log.info({ version: published.number }, `the content folder was published as version ${published.number}`);
    }
  }

  return {
    name: 'content-folder-watch',
    intervalMs,
    async run({ log, signal }) {
      if (!started) {
        started = true;
        startWatching(log, signal);
        signature = contentFolderSignature(contentDir);
      }
      const now = Date.now();
      poll(now);
      if (changedAt === undefined || now - changedAt < settleMs) return;
      const seen = changedAt;
      changedAt = undefined;
      try {
        await importFolder(log);
      } catch (error) {
        // Read again at the next turn (the database may be back by then), unless a newer change came.
        changedAt ??= seen;
        throw error;
      }
    },
  };
}
