import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/helper.js';
import { migrateToLatest } from './database.js';

describe(`the database on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('has the three tables after migrating, and migrating again changes nothing', async () => {
    const tables = async () =>
      (await database.db.introspection.getTables())
        .filter((table) => table.schema === database.schema && !table.name.startsWith('kysely_'))
        .map((table) => table.name)
        .sort();
    expect(await tables()).toEqual(['contact_messages', 'visitors', 'visits']);
    if (testDialect === 'sqlite') await migrateToLatest(database.db);
    expect(await tables()).toEqual(['contact_messages', 'visitors', 'visits']);
  });

  it.runIf(testDialect === 'sqlite')('runs SQLite in WAL mode with foreign keys enforced', async () => {
    const journal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(database.db);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
    const foreignKeys = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(database.db);
    expect(foreignKeys.rows[0]?.foreign_keys).toBe(1);
  });

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
