import { execFile } from 'node:child_process';
import { chmod, lstat, mkdir, readdir, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PostgresAdapter, sql } from 'kysely';
import type { BackupFailureProblem } from '../../shared/schemas/backups.js';
import type { Db } from '../db/database.js';
import { BACKUP_FOLDER_MODE, BackupError, type BackupProblem, WORK_FOLDER_PREFIX } from './sqlite-backup.js';

/**
 * The backups the server makes itself (docs/decisions/036-backups.md): the owner's download and the
 * scheduled ones in `DATA_DIR/backups`, both with the core `npm run backup` uses (sqlite-backup.ts).
 */

/** Scheduled backups are named by their time (UTC), so the names sort as the backups were made. */
const BACKUP_NAME = /^sahifa-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.sqlite$/;
/** A work folder older than this was left by a process that died mid-backup. */
const STALE_WORK_FOLDER_MS = 60 * 60_000;

/**
 * The SQLite file the site's connection has open, or undefined on PostgreSQL (its own tools back it
 * up). Asked of the connection itself, so the backups can never copy another file than the one served.
 */
export async function sqliteDatabaseFile(db: Db): Promise<string | undefined> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return undefined;
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  return rows[0]?.file || undefined;
}

/** `DATA_DIR/backups`: beside the database file, which is `DATA_DIR/sahifa.sqlite`. */
export function backupFolderOf(databaseFile: string): string {
  return path.join(path.dirname(databaseFile), 'backups');
}

/** Makes the folder if needed, and makes it the server user's alone (0700) whatever the umask. */
export async function ensureBackupFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: BACKUP_FOLDER_MODE });
  await chmod(folder, BACKUP_FOLDER_MODE);
}

/** `sahifa-2026-11-26T02-00-00Z.sqlite`: the time in UTC, without the colons some systems refuse in a name. */
export function backupFileName(at: Date): string {
  return `sahifa-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.sqlite`;
}

export interface BackupFile {
  name: string;
  /** When it was made, from its name (ISO 8601). */
  at: string;
  bytes: number;
}

/** The scheduled backups in the folder, newest first; other files there are not ours and are left alone. */
export async function listBackups(folder: string): Promise<BackupFile[]> {
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const backups: BackupFile[] = [];
  for (const name of names.sort().reverse()) {
    const match = BACKUP_NAME.exec(name);
    if (!match) continue;
    const file = await lstat(path.join(folder, name)).catch(() => undefined);
    if (!file?.isFile()) continue;
    backups.push({ name, at: `${match[1]}T${match[2]}:${match[3]}:${match[4]}.000Z`, bytes: file.size });
  }
  return backups;
}

/**
 * Keeps the newest `keep` backups and removes the older ones, and any work folder a process that
 * died mid-backup left behind. Answers the names removed.
 */
export async function pruneBackups(folder: string, keep: number, now = new Date()): Promise<string[]> {
  const removed: string[] = [];
  for (const backup of (await listBackups(folder)).slice(keep)) {
    await unlink(path.join(folder, backup.name)).catch(() => undefined);
    removed.push(backup.name);
  }
  for (const name of await readdir(folder)) {
    if (!name.startsWith(WORK_FOLDER_PREFIX)) continue;
    const work = path.join(folder, name);
    const modified = (await stat(work).catch(() => undefined))?.mtimeMs ?? now.getTime();
    if (now.getTime() - modified > STALE_WORK_FOLDER_MS) await rm(work, { recursive: true, force: true });
  }
  return removed;
}

const here = fileURLToPath(import.meta.url);
// From the build, the compiled child; from the sources (tests), the TypeScript one through tsx.
const fromSource = here.endsWith('.ts');
const CHILD = path.join(path.dirname(here), `backup-process.${fromSource ? 'ts' : 'js'}`);

/**
 * Writes a backup of the database file `source` to the new file `target` (0600, never over an
 * existing file, no half file left on failure) in a child process, so the server keeps answering
 * meanwhile. Answers its size in bytes; a failure is a BackupError that says why.
 */
export function writeBackup(source: string, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...(fromSource ? ['--import', 'tsx'] : []), CHILD, source, target],
      { encoding: 'utf8', maxBuffer: 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve(Number(stdout));
        const said = /^\{.*\}$/m.exec(stderr)?.[0];
        try {
          const { problem, message } = JSON.parse(said ?? '') as { problem: BackupProblem; message: string };
          reject(new BackupError(problem, message));
        } catch {
          reject(new BackupError('failed', `the backup process failed: ${stderr.trim() || error.message}`));
        }
      },
    );
  });
}

/** The owner's words for a failure: a full disk, a folder the server may not write in, or anything else. */
export function failureProblem(error: unknown): BackupFailureProblem {
  if (error instanceof BackupError) {
    return error.problem === 'disk_full' || error.problem === 'no_permission' ? error.problem : 'failed';
  }
  // Making the folder itself may fail too.
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC') return 'disk_full';
  return code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? 'no_permission' : 'failed';
}
