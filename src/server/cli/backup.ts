// `npm run backup -- FILE`: a consistent copy of the site's SQLite database, safe while the site runs.
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
import { OwnerCommandError, requireSiteDatabase, runOwnerCommand } from './owner-command.js';

/** The backup holds every message and the owner's sessions: only its owner may read it. */
const BACKUP_MODE = 0o600;
const COPY_CHUNK_BYTES = 1024 * 1024;

/** Why a new file could not be made there, in one line. */
function creationProblem(file: string, error: unknown): OwnerCommandError {
  const code = (error as NodeJS.ErrnoException).code;
  const folder = path.dirname(file);
  switch (code) {
    case 'EEXIST':
      return new OwnerCommandError(`${file} already exists; choose a new file name`);
    case 'ELOOP':
      return new OwnerCommandError(`${file} is a symbolic link; choose a new file name`);
    case 'ENOENT':
      return new OwnerCommandError(`there is no folder ${folder}; create it first`);
    case 'ENOTDIR':
      return new OwnerCommandError(`${folder} is not a folder`);
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new OwnerCommandError(`cannot write in ${folder} (${code})`);
    default:
      return new OwnerCommandError(`cannot create ${file}: ${error instanceof Error ? error.message : error}`);
  }
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
      BACKUP_MODE,
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
 */
function backupSqlite(source: string, target: string): void {
  const output = createExclusively(target);
  let workFolder: string | undefined;
  let done = false;
  try {
    workFolder = mkdtempSync(path.join(path.dirname(target), '.sahifa-backup-'));
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
    fchmodSync(output, BACKUP_MODE);
    fsyncSync(output);
    done = true;
  } finally {
    const created = fstatSync(output);
    closeSync(output);
    if (workFolder) rmSync(workFolder, { recursive: true, force: true });
    // A failed backup leaves no half file behind, and removes only the file it created.
    if (!done && lstatSync(target, { throwIfNoEntry: false })?.ino === created.ino) unlinkSync(target);
  }
}

await runOwnerCommand(
  {
    name: 'backup',
    usage: `Usage: npm run backup -- FILE

Writes a consistent copy of the site's SQLite database to FILE, a new file only its owner can
read (0600), safe while the site runs. An existing file or a symbolic link at FILE is refused.
A site on PostgreSQL is backed up with pg_dump instead.

  --help    this text`,
    options: {},
    arguments: ['FILE'],
  },
  async ({ positionals: [target = ''], config: { database } }) => {
    if (database.dialect === 'postgres') {
      throw new OwnerCommandError(
        'the site uses PostgreSQL (DATABASE_URL); back it up with pg_dump instead, for example\n' +
          '  pg_dump --format=custom --file=sahifa.dump "$DATABASE_URL"\n' +
          'and restore with pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" sahifa.dump',
      );
    }
    // Copied as it is: a backup neither creates the database nor migrates it.
    requireSiteDatabase(database);
    const file = path.resolve(target);
    backupSqlite(database.file, file);
    console.info(`Backed up ${database.file} to ${file}`);
  },
);
