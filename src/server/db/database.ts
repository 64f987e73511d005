import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, type RawBuilder, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/**
 * `FOR UPDATE SKIP LOCKED` where the engine has it (PostgreSQL), so two processes claiming rows in
 * parallel never take the same one; nothing on SQLite, which runs one writing statement at a time,
 * so a claiming `UPDATE … RETURNING` is atomic there without it.
 */
export function skipLockedRows(db: Kysely<Database>): RawBuilder<unknown> {
  return db.getExecutor().adapter instanceof PostgresAdapter ? sql`for update skip locked` : sql``;
}

/** The one place that knows which database engine is in use. */
export function createDatabase(config: DatabaseConfig): Db {
  if (config.dialect === 'postgres') {
    // Without a connection timeout a request waits forever while PostgreSQL is unreachable.
    const pool = new pg.Pool({ connectionString: config.url, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle connection that breaks (PostgreSQL restarted) is dropped from the pool and the next
    // query opens a new one; without a listener the 'error' event would end the whole process.
    pool.on('error', () => {});
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  // The database holds the owner's messages and password hash: only the site's own user may read it,
  // whatever the umask. A folder the site makes is 0700; the file (and the WAL and shared-memory files
  // SQLite gives the same mode) 0600, also for a database made before this was so.
  const folder = path.dirname(config.file);
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });
  const sqlite = new SQLite(config.file);
  chmodSync(config.file, 0o600);
  // WAL lets readers and the writer work at once. `synchronous = FULL` is set explicitly: this
  // better-sqlite3 build defaults WAL databases to NORMAL (SQLITE_DEFAULT_WAL_SYNCHRONOUS=1), where
  // a power cut may lose the last commits — and an answered contact message must survive one. It is
  // a per-connection setting, so it is set on every open. The busy timeout covers a second process.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date; a failed migration stops start-up with its name. */
export async function migrateToLatest(db: Db, options: { postgresSchema?: string } = {}): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its bookkeeping tables in every schema; naming ours keeps parallel test schemas apart.
    ...(options.postgresSchema ? { migrationTableSchema: options.postgresSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`);
  }
}
