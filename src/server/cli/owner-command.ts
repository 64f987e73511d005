import { existsSync } from 'node:fs';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type Config, ConfigError, type DatabaseConfig, loadConfig } from '../config.js';
import { type Db, MigrationError, migrateToLatest } from '../db/database.js';
import { connectDatabase, StartupError } from '../startup-errors.js';

const WHICH_DATABASE =
  'The database is the one the site uses: run this where the site runs, with the same DATA_DIR (SQLite)\nor DATABASE_URL (PostgreSQL).';

/** A problem the owner can fix (a short password, a file that exists), said in one line without a stack. */
export class OwnerCommandError extends Error {
  override name = 'OwnerCommandError';
}

/** Wrong arguments: said with the command's usage, exit code 2. */
export class OwnerCommandUsageError extends Error {
  override name = 'OwnerCommandUsageError';
}

/**
 * Refuses a SQLite file that is not there. An owner command is never the one to create the site's
 * database: pointed at the wrong place, it must say so, not work on an empty new one.
 */
export function requireSiteDatabase(database: DatabaseConfig): void {
  if (database.dialect === 'sqlite' && !existsSync(database.file)) {
    throw new StartupError(
      `there is no database at ${database.file}: run this where the site runs, with its DATA_DIR (or DATABASE_URL for PostgreSQL)`,
    );
  }
}

/** The site's own database (DATA_DIR or DATABASE_URL), only if it exists, brought up to date. */
async function openSiteDatabase(database: DatabaseConfig): Promise<Db> {
  requireSiteDatabase(database);
  const db = await connectDatabase(database);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** Every command takes `--help` (or `-h`), without naming it among its options. */
const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;

type Values<Options extends NonNullable<ParseArgsConfig['options']>> = ReturnType<
  typeof parseArgs<{ options: Options }>
>['values'];

interface OwnerCommandContext<Options extends NonNullable<ParseArgsConfig['options']>> {
  values: Values<Options>;
  /** The command's arguments, as many as it names in `arguments`. */
  positionals: string[];
  /** The server's configuration, read once. */
  config: Config;
  /** Opens the site's database (once); it is closed when the command ends. */
  openDatabase: () => Promise<Db>;
}

/**
 * Runs an owner command (`npm run messages`, `stats`, `owner:password`, `backup`): `--help` prints
 * its usage, wrong options or arguments say so with the usage (exit 2), and the problems an owner
 * can fix — settings, a missing or unreachable database, a refused input — are one line each,
 * without a stack (exit 1). The database is opened only when the command asks for it.
 */
export async function runOwnerCommand<Options extends NonNullable<ParseArgsConfig['options']>>(
  command: { name: string; usage: string; options: Options; arguments?: string[] },
  run: (context: OwnerCommandContext<Options>) => Promise<void>,
): Promise<void> {
  const usage = `${command.usage}\n\n${WHICH_DATABASE}`;
  const expected = command.arguments ?? [];
  let values: Values<Options>;
  let positionals: string[];
  try {
    const parsed = parseArgs({ options: { ...command.options, ...HELP }, strict: true, allowPositionals: true });
    if ((parsed.values as { help?: boolean }).help) {
      console.info(usage);
      return;
    }
    ({ values, positionals } = parsed as { values: Values<Options>; positionals: string[] });
    if (positionals.length !== expected.length) {
      throw new OwnerCommandUsageError(
        expected.length === 0 ? 'This command takes no arguments' : `Expected ${expected.join(' ')}`,
      );
    }
  } catch (error) {
    console.error(`${command.name}: ${error instanceof Error ? error.message : error}\n\n${usage}`);
    process.exitCode = 2;
    return;
  }
  const opened: { db?: Db } = {};
  try {
    const config = loadConfig(process.env);
    const openDatabase = async () => {
      opened.db ??= await openSiteDatabase(config.database);
      return opened.db;
    };
    await run({ values, positionals, config, openDatabase });
  } catch (error) {
    if (error instanceof OwnerCommandUsageError) {
      console.error(`${command.name}: ${error.message}\n\n${usage}`);
      process.exitCode = 2;
      return;
    }
    if (
      error instanceof OwnerCommandError ||
      error instanceof ConfigError ||
      error instanceof StartupError ||
      error instanceof MigrationError
    ) {
      console.error(`${command.name}: ${error.message}`);
      process.exitCode = 1;
      return;
    }
    throw error;
  } finally {
    await opened.db?.destroy();
  }
}
