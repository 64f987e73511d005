import { existsSync, type FSWatcher, readdirSync, statSync, watch } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { contentFolderHash, contentFolderSignature, isPublishedPath } from '../content/content-folder-hash.js';
import type { ContentState } from '../content/content-state.js';
import { importContentPictures } from '../content/import-content-pictures.js';
import { ContentError, loadContent } from '../content/load-content.js';
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

/**
 * Watches the content folder and every folder under `images/`, one non-recursive `fs.watch` each.
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

  /** Watches the folders there are now (a new folder under images/ is watched once it appears). */
  #sync(): void {
    const folders = new Set(['', ...foldersUnder(this.root, 'images')]);
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
        if (changed === 'images' || changed.startsWith('images/')) this.#syncQuietly();
        this.onChange(changed);
      });
      watcher.on('error', (error) => {
        // A folder under images/ that was removed ends its watch; the root's end is an error.
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
 * sharing a folder (and a restart with an unchanged one) publish it once. Nothing else is touched:
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

  async function importFolder(log: FastifyBaseLogger): Promise<void> {
    const hash = contentFolderHash(contentDir);
    let content: ReturnType<typeof loadContent>;
    try {
      content = loadContent(contentDir);
      // The pictures it names go into the database first, checked as uploads are (as at start-up).
      await importContentPictures(db, contentDir, content);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      if (hash !== rejectedHash) {
        rejectedHash = hash;
        log.error(
          { problems: error.problems, servedVersion: state.current.version },
          `the content folder changed but was not published; still serving version ${state.current.version}. ${error.message}`,
        );
      }
      return;
    }
    // Still being written: what was read may not be what was hashed. The next turn reads it again.
    if (contentFolderHash(contentDir) !== hash) {
      changedAt = Date.now();
      return;
    }
    rejectedHash = undefined;
    const published = await publishFilesVersionOnce(db, content, hash);
    // A newer version published meanwhile elsewhere stays: the content-refresh job serves it.
    if (published && published.number > state.current.version && state.replace(content, published.number)) {
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
