import { sql } from 'kysely';
import { withTimeLimit } from '../shared/with-time-limit.js';
import type { DatabaseConfig } from './config.js';
import { createDatabase, type Db } from './db/database.js';

/** A start-up problem the owner can fix, said in one line that names the setting to change. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** Where the database is, for messages: the SQLite file, or PostgreSQL's host, port and name (never the password). */
export function describeDatabase(database: DatabaseConfig): string {
  if (database.dialect === 'sqlite') return `the SQLite file ${database.file}`;
  try {
    const url = new URL(database.url);
    const name = decodeURIComponent(url.pathname.slice(1)) || '(default database)';
    const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
    return `PostgreSQL ${user}${url.hostname}:${url.port || '5432'}/${name}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** What a driver's error code means, in words; PostgreSQL's SQLSTATE codes included. */
const CONNECTION_PROBLEMS: Record<string, string> = {
  ECONNREFUSED: 'nothing answers at that address',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name cannot be looked up',
  ETIMEDOUT: 'no answer',
  ECONNRESET: 'the connection was cut',
  EHOSTUNREACH: 'the host cannot be reached',
  '28P01': 'the password was refused',
  '28000': 'this user may not connect',
  '3D000': 'the database does not exist',
  SQLITE_CANTOPEN: 'the file cannot be opened',
  SQLITE_NOTADB: 'the file is not a SQLite database',
};

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

const CONNECT_TIMEOUT_MS = 10_000;

function connectionError(error: unknown, database: DatabaseConfig): StartupError {
  const code = codeOf(error);
  const problem = (code && CONNECTION_PROBLEMS[code]) ?? (error instanceof Error ? error.message : String(error));
  const fix =
    database.dialect === 'sqlite'
      ? 'check DATA_DIR'
      : 'check that PostgreSQL is running and that DATABASE_URL is right';
  return new StartupError(`cannot connect to the database, ${describeDatabase(database)}: ${problem}; ${fix}`);
}

/**
 * Opens the configured database and asks it one trivial question before anything else uses it, so
 * a wrong address or a stopped PostgreSQL reads as such (not as a failed migration), naming where.
 */
export async function connectDatabase(database: DatabaseConfig): Promise<Db> {
  let db: Db;
  try {
    db = createDatabase(database);
  } catch (error) {
    throw connectionError(error, database);
  }
  try {
    await withTimeLimit(sql`select 1`.execute(db), CONNECT_TIMEOUT_MS, () =>
      Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }),
    );
    return db;
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw connectionError(error, database);
  }
}

/** A failed `listen` in one line naming PORT or HOST; other errors are returned as they are. */
export function explainListenError(error: unknown, { host, port }: { host: string; port: number }): unknown {
  switch (codeOf(error)) {
    case 'EADDRINUSE':
      return new StartupError(
        `port ${port} on ${host} is already in use by another program: stop it, or choose another port with PORT`,
      );
    case 'EACCES':
      return new StartupError(`port ${port} needs administrator rights: choose a port above 1023 with PORT`);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new StartupError(`HOST=${host} is not an address of this machine: use 127.0.0.1, or 0.0.0.0 for all`);
    default:
      return error;
  }
}
