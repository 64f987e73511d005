import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../../test/helper.js';
import { migrations } from './index.js';

describe(`the migration that records what a restore copied, on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('reads the version back from a restore’s default note, leaves the others null, and goes down again', async () => {
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    expect((await migrator.migrateTo('2026-11-26T0100-set-aside-drafts')).error).toBeUndefined();
    await sql`insert into content_versions (number, content, created_at, source, note) values
      (1, '{}', '2026-11-20T10:00:00.000Z', 'files', null),
      (2, '{}', '2026-11-21T10:00:00.000Z', 'restore', 'restored version 1'),
      (3, '{}', '2026-11-22T10:00:00.000Z', 'restore', 'back to the first one'),
      (4, '{}', '2026-11-23T10:00:00.000Z', 'editor', 'restored version 2')`.execute(database.db);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await database.db
      .selectFrom('content_versions')
      .select(['number', 'restored_from'])
      .orderBy('number')
      .execute();
    expect(
      rows.map((row) => [Number(row.number), row.restored_from === null ? null : Number(row.restored_from)]),
    ).toEqual([
      [1, null],
      [2, 1],
      [3, null],
      [4, null],
    ]);

    expect((await migrator.migrateTo('2026-11-26T0100-set-aside-drafts')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
