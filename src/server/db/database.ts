import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  type RawBuilder,
  type SchemaMetadata,
  SqliteDialect,
  sql,
  type TableMetadata,
} from 'kysely';
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

/**
 * What Kysely's migrator asks of PostgreSQL (does the schema exist, which tables are there), answered
 * for the connection's own schema only. Kysely's own introspector reads every schema in the database
 * and calls `has_schema_privilege` and `pg_get_serial_sequence` by name for each table it saw, so a
 * schema or table another client drops meanwhile (another site sharing the server, a parallel test)
 * fails our start-up with "relation … does not exist" (CI, 2026-11-26).
 */
const KYSELY_TABLES = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);

class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }
  getSchemas(): Promise<SchemaMetadata[]> {
    // One catalog read without name lookups: safe while others drop schemas.
    return new PostgresIntrospector(this.#db).getSchemas();
  }
  async getTables(options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    // Every column of every table in the schema, looked up by object id only (never by name).
    const { rows } = await sql<{
      table: string;
      schema: string;
      kind: string;
      column: string | null;
      type: string | null;
      not_null: boolean | null;
      has_default: boolean | null;
      identity: string | null;
    }>`
      select c.relname as table, n.nspname as schema, c.relkind as kind, a.attname as column,
        t.typname as type, a.attnotnull as not_null, a.atthasdef as has_default, a.attidentity as identity
      from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        left join pg_catalog.pg_type t on t.oid = a.atttypid
      where c.relkind in ('r', 'v', 'p') and n.nspname = current_schema()
      order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, { name: string; schema: string; isView: boolean; columns: ColumnMetadata[] }>();
    for (const row of rows) {
      if (!options?.withInternalKyselyTables && KYSELY_TABLES.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      if (row.column === null) continue;
      table.columns.push({
        name: row.column,
        dataType: row.type ?? '',
        isNullable: !row.not_null,
        hasDefaultValue: Boolean(row.has_default),
        isAutoIncrementing: Boolean(row.identity),
      });
    }
    return [...tables.values()];
  }
  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

/** The one place that knows which database engine is in use. */
export function createDatabase(config: DatabaseConfig): Db {
  if (config.dialect === 'postgres') {
    // Without a connection timeout a request waits forever while PostgreSQL is unreachable.
    const pool = new pg.Pool({ connectionString: config.url, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle connection that breaks (PostgreSQL restarted) is dropped from the pool and the next
    // query opens a new one; without a listener the 'error' event would end the whole process.
    pool.on('error', () => {});
    return new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
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
