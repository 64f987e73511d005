// `npm run backup -- FILE`: a consistent copy of the site's SQLite database, safe while the site runs.
import { existsSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { OwnerCommandError, requireSiteDatabase, runOwnerCommand } from './owner-command.js';

/**
 * Writes a snapshot of the SQLite database at `source` to `target` with `VACUUM INTO`: one read
 * transaction, so the copy is consistent (WAL included) and the running site keeps writing meanwhile.
 */
function backupSqlite(source: string, target: string): void {
  const database = new SQLite(source, { fileMustExist: true });
  try {
    // The site may be writing at this moment; wait for its lock instead of failing at once.
    database.pragma('busy_timeout = 10000');
    database.prepare('VACUUM INTO ?').run(target);
  } finally {
    database.close();
  }
}

await runOwnerCommand(
  {
    name: 'backup',
    usage: `Usage: npm run backup -- FILE

Writes a consistent copy of the site's SQLite database to FILE (a new file), safe while the site
runs. A site on PostgreSQL is backed up with pg_dump instead.

  --help    this text`,
    options: { help: { type: 'boolean', short: 'h', default: false } },
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
    if (existsSync(file)) throw new OwnerCommandError(`${file} already exists; choose a new file name`);
    backupSqlite(database.file, file);
    console.info(`Backed up ${database.file} to ${file}`);
  },
);
