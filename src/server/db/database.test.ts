import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/helper.js';
import { createDatabase, type Db, migrateToLatest } from './database.js';

const TABLES = [
  'contact_messages',
  'content_drafts',
  'content_pictures',
  'content_set_aside_drafts',
  'content_versions',
  'cv_downloads',
  'entries',
  'entry_drafts',
  'entry_set_aside_drafts',
  'entry_slugs',
  'entry_versions',
  'goal_completions',
  'goal_days',
  'notification_jobs',
  'owner_credentials',
  'owner_devices',
  'owner_passkeys',
  'owner_recovery_codes',
  'owner_sessions',
  'owner_settings',
  'owner_setup_tokens',
  'owner_totp',
  'password_reset_tokens',
  'rate_limits',
  'sign_in_failures',
  'stats_shares',
  'visit_day_breakdowns',
  'visit_days',
  'visitors',
  'visits',
  'webauthn_challenges',
  'weekly_summaries',
];

describe(`the database on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('has its tables after migrating, and migrating again changes nothing', async () => {
    const tables = async () =>
      (await database.db.introspection.getTables())
        .filter((table) => table.schema === database.schema && !table.name.startsWith('kysely_'))
        .map((table) => table.name)
        .sort();
    expect(await tables()).toEqual(TABLES);
    const visitor = { id: 'again', token_hash: 'hash-again', device: 'web', created_at: 'x', last_seen_at: 'x' };
    await database.db.insertInto('visitors').values(visitor).execute();
    // On both engines: a second start must find the migrations done and leave tables and rows alone.
    await migrateToLatest(database.db, { postgresSchema: database.schema });
    expect(await tables()).toEqual(TABLES);
    const rows = await database.db.selectFrom('visitors').selectAll().where('id', '=', 'again').execute();
    expect(rows).toEqual([visitor]);
  });

  it.runIf(testDialect === 'postgres')(
    "looks only at its own schema for its tables, so another schema's drop never fails a migration",
    async () => {
      // Kysely's own introspector read every schema and looked each table up by name again: a schema
      // another client dropped in between failed the migration ("relation … does not exist", CI).
      const other = `${database.schema}_other`;
      await sql.raw(`create schema ${other}`).execute(database.db);
      try {
        await sql.raw(`create table ${other}.elsewhere (id integer)`).execute(database.db);
        const names = (await database.db.introspection.getTables()).map((table) => table.name);
        expect(names).toContain('visits');
        expect(names).not.toContain('elsewhere');
        const schemas = (await database.db.introspection.getTables()).map((table) => table.schema);
        expect(new Set(schemas)).toEqual(new Set([database.schema]));
        const withKysely = await database.db.introspection.getTables({ withInternalKyselyTables: true });
        expect(withKysely.map((table) => table.name)).toContain('kysely_migration');
        await migrateToLatest(database.db, { postgresSchema: database.schema });
      } finally {
        await sql.raw(`drop schema ${other} cascade`).execute(database.db);
      }
    },
  );

  it.runIf(testDialect === 'sqlite')('runs SQLite in WAL mode with foreign keys enforced', async () => {
    const journal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(database.db);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
    const foreignKeys = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(database.db);
    expect(foreignKeys.rows[0]?.foreign_keys).toBe(1);
  });

  it.runIf(testDialect === 'sqlite')(
    'keeps synchronous = FULL on a database reopened already in WAL mode (an answer survives a power cut)',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-sync-'));
      const file = path.join(dir, 'sahifa.sqlite');
      const synchronous = async (db: Db) =>
        (await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db)).rows[0]?.synchronous;
      try {
        const first = createDatabase({ dialect: 'sqlite', file });
        await migrateToLatest(first);
        await first.destroy();
        // Reopened, the file is already WAL: this build of SQLite would fall back to NORMAL (1) here.
        const reopened = createDatabase({ dialect: 'sqlite', file });
        expect(await synchronous(reopened)).toBe(2); // 2 = FULL
        const journal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(reopened);
        expect(journal.rows[0]?.journal_mode).toBe('wal');
        await reopened.destroy();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('refuses a visit of a visitor that does not exist', async () => {
    const insert = database.db
      .insertInto('visits')
      .values({
        id: 'v1',
        visitor_id: 'nobody',
        device: 'web',
        visited_on: '2026-11-21',
        visited_at: '2026-11-21T00:00:00.000Z',
        path: null,
        locale: null,
        theme: null,
        referrer_host: null,
      })
      .execute();
    await expect(insert).rejects.toThrow(/FOREIGN KEY|foreign key/);
  });
});
