// `npm run backup -- FILE`: a consistent copy of the site's SQLite database, safe while the site runs.
import path from 'node:path';
import { BackupError, backupSqlite } from '../backups/sqlite-backup.js';
import { OwnerCommandError, requireSiteDatabase, runOwnerCommand } from './owner-command.js';

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
    try {
      backupSqlite(database.file, file);
    } catch (error) {
      // What went wrong is one line the owner can act on, without a stack trace.
      throw error instanceof BackupError ? new OwnerCommandError(error.message) : error;
    }
    console.info(`Backed up ${database.file} to ${file}`);
  },
);
