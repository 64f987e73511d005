import { existsSync } from 'node:fs';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { type Db, MigrationError, migrateToLatest } from '../db/database.js';
import { connectDatabase, StartupError } from '../startup-errors.js';

const WHICH_DATABASE =
  'The database is the one the site uses: run this where the site runs, with the same DATA_DIR (SQLite)\nor DATABASE_URL (PostgreSQL).';

/**
 * The site's own database, as configured for the server (DATA_DIR or DATABASE_URL). It is never
 * created here: a command pointed at the wrong place must say so, not report an empty new database.
 */
export async function openSiteDatabase(): Promise<Db> {
  const { database } = loadConfig(process.env);
  if (database.dialect === 'sqlite' && !existsSync(database.file)) {
    throw new StartupError(
      `there is no database at ${database.file}: run this where the site runs, with its DATA_DIR (or DATABASE_URL for PostgreSQL)`,
    );
  }
  const db = await connectDatabase(database);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/**
 * Runs an owner command: `--help` prints its usage, an unknown option says so, and the problems an
 * owner can fix (settings, a missing or unreachable database) are one line each, without a stack.
 */
export async function runOwnerCommand<Options extends NonNullable<ParseArgsConfig['options']>>(
  command: { name: string; usage: string; options: Options },
  run: (values: ReturnType<typeof parseArgs<{ options: Options }>>['values'], db: Db) => Promise<void>,
): Promise<void> {
  const usage = `${command.usage}\n\n${WHICH_DATABASE}`;
  let values: ReturnType<typeof parseArgs<{ options: Options }>>['values'];
  try {
    values = parseArgs({ options: command.options, strict: true }).values;
  } catch (error) {
    console.error(`${command.name}: ${error instanceof Error ? error.message : error}\n\n${usage}`);
    process.exitCode = 2;
    return;
  }
  if ((values as { help?: boolean }).help) {
    console.info(usage);
    return;
  }
  let db: Db | undefined;
  try {
    db = await openSiteDatabase();
    await run(values, db);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof StartupError || error instanceof MigrationError) {
      console.error(`${command.name}: ${error.message}`);
      process.exitCode = 1;
      return;
    }
    throw error;
  } finally {
    await db?.destroy();
  }
}
