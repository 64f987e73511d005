// A consistent copy of the site's SQLite database: the one way `npm run backup`, the owner's download
// and the scheduled backups make one (docs/decisions/036-backups.md).
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** A backup holds every message and the owner's sessions: only its owner may read it. */
const BACKUP_FILE_MODE = 0o600;
/** The folders backups are made in (`DATA_DIR/backups`, a download's work folder) are the server user's alone. */
export const BACKUP_FOLDER_MODE = 0o700;
/** The private folders a backup is made in, removed after it (and when a crash left one behind). */
export const WORK_FOLDER_PREFIX = '.sahifa-backup-';
const COPY_CHUNK_BYTES = 1024 * 1024;

/** Why a backup could not be written, as the owner's words for it are chosen (`BACKUP_PROBLEMS`). */
export type BackupProblem =
  | 'exists'
  | 'symlink'
  | 'no_folder'
  | 'not_folder'
  | 'no_permission'
  | 'disk_full'
  | 'failed';

export class BackupError extends Error {
  constructor(
    readonly problem: BackupProblem,
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Why a new file could not be made there, in one line. */
function creationProblem(file: string, error: unknown): BackupError {
  const code = (error as NodeJS.ErrnoException).code;
  const folder = path.dirname(file);
  switch (code) {
    case 'EEXIST':
      return new BackupError('exists', `${file} already exists; choose a new file name`);
    case 'ELOOP':
      return new BackupError('symlink', `${file} is a symbolic link; choose a new file name`);
    case 'ENOENT':
      return new BackupError('no_folder', `there is no folder ${folder}; create it first`);
    case 'ENOTDIR':
      return new BackupError('not_folder', `${folder} is not a folder`);
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new BackupError('no_permission', `cannot write in ${folder} (${code})`);
    case 'ENOSPC':
      return new BackupError('disk_full', `the disk of ${folder} is full`);
    default:
      return new BackupError('failed', `cannot create ${file}: ${error instanceof Error ? error.message : error}`);
  }
}

/** A failure while copying: a full disk is said as such (SQLite's SQLITE_FULL, the system's ENOSPC). */
function copyProblem(target: string, error: unknown): BackupError {
  if (error instanceof BackupError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'ENOSPC' || code === 'SQLITE_FULL') {
    return new BackupError('disk_full', `the disk of ${path.dirname(target)} is full`);
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'SQLITE_CANTOPEN') {
    return new BackupError('no_permission', `cannot write in ${path.dirname(target)} (${code})`);
  }
  return new BackupError('failed', `the backup failed: ${error instanceof Error ? error.message : error}`);
}

/**
 * Creates the backup file, only if nothing is at that name: O_EXCL refuses an existing file and any
 * symbolic link, dangling or not, so a link planted there cannot redirect the copy elsewhere.
 */
function createExclusively(file: string): number {
  try {
    return openSync(
      file,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      BACKUP_FILE_MODE,
    );
  } catch (error) {
    throw creationProblem(file, error);
  }
}

function copyInto(source: string, target: number): void {
  const input = openSync(source, 'r');
  try {
    const buffer = Buffer.alloc(COPY_CHUNK_BYTES);
    for (let read = readSync(input, buffer); read > 0; read = readSync(input, buffer)) {
      let written = 0;
      while (written < read) written += writeSync(target, buffer, written, read - written);
    }
  } finally {
    closeSync(input);
  }
}

/**
 * Writes a snapshot of the SQLite database at `source` to the new file `target` with `VACUUM INTO`:
 * one read transaction, so the copy is consistent (WAL included) and the running site keeps writing
 * meanwhile. SQLite opens its target by name, so it writes into a private folder (0700) beside the
 * target, and the snapshot is copied through the descriptor of the file created exclusively.
 * Synchronous and as long as the database is big: the server runs it in a child process
 * (`backup-process.ts`), the command line directly. Answers the backup's size in bytes.
 */
export function backupSqlite(source: string, target: string): number {
  const output = createExclusively(target);
  let workFolder: string | undefined;
  let done = false;
  try {
    workFolder = mkdtempSync(path.join(path.dirname(target), WORK_FOLDER_PREFIX));
    const snapshot = path.join(workFolder, 'snapshot.sqlite');
    const database = new SQLite(source, { fileMustExist: true });
    try {
      // The site may be writing at this moment; wait for its lock instead of failing at once.
      database.pragma('busy_timeout = 10000');
      database.prepare('VACUUM INTO ?').run(snapshot);
    } finally {
      database.close();
    }
    copyInto(snapshot, output);
    // The mode given at creation passes through the umask; this makes it exactly 0600.
    fchmodSync(output, BACKUP_FILE_MODE);
    fsyncSync(output);
    done = true;
    return fstatSync(output).size;
  } catch (error) {
    throw copyProblem(target, error);
  } finally {
    const created = fstatSync(output);
    closeSync(output);
    if (workFolder) rmSync(workFolder, { recursive: true, force: true });
    // A failed backup leaves no half file behind, and removes only the file it created.
    if (!done && lstatSync(target, { throwIfNoEntry: false })?.ino === created.ino) unlinkSync(target);
  }
}
