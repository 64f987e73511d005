// `npm run backup -- FILE`: a consistent copy of the site's SQLite database, safe while the site runs.
import { existsSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config.js';

export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * Writes a snapshot of the SQLite database at `source` to `target` with `VACUUM INTO`: one read
 * transaction, so the copy is consistent (WAL included) and the running site keeps writing meanwhile.
 */
export function backupSqlite(source: string, target: string): void {
  if (!existsSync(source)) throw new BackupError(`there is no database at ${source} (check DATA_DIR)`);
  if (existsSync(target)) throw new BackupError(`${target} already exists; choose a new file name`);
  const database = new SQLite(source, { fileMustExist: true });
  try {
    // The site may be writing at this moment; wait for its lock instead of failing at once.
    database.pragma('busy_timeout = 10000');
    database.prepare('VACUUM INTO ?').run(target);
  } finally {
    database.close();
  }
}

function main(): void {
  const [target, ...rest] = process.argv.slice(2);
  if (!target || rest.length > 0) throw new BackupError('usage: npm run backup -- FILE');
  const { database } = loadConfig(process.env);
  if (database.dialect === 'postgres') {
    throw new BackupError(
      'the site uses PostgreSQL (DATABASE_URL); back it up with pg_dump instead, for example\n' +
        '  pg_dump --format=custom --file=sahifa.dump "$DATABASE_URL"\n' +
        'and restore with pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" sahifa.dump',
    );
  }
  const file = path.resolve(target);
  backupSqlite(database.file, file);
  console.info(`Backed up ${database.file} to ${file}`);
}

try {
  main();
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(`Backup failed: ${error.message}`);
  process.exitCode = 1;
}
