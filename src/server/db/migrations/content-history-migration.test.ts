import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../../test/helper.js';
import { stepMigrations } from '../../test/step-migrations.js';

describe(`the migration that records what a restore copied, on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('reads the version back from a restore’s default note, leaves the others null, and goes down again', async () => {
    const migrate = stepMigrations(database);
    await migrate.to('2026-11-26T0100-set-aside-drafts');
    await sql`insert into content_versions (number, content, created_at, source, note) values
      (1, '{}', '2026-11-20T10:00:00.000Z', 'files', null),
      (2, '{}', '2026-11-21T10:00:00.000Z', 'restore', 'restored version 1'),
      (3, '{}', '2026-11-22T10:00:00.000Z', 'restore', 'back to the first one'),
      (4, '{}', '2026-11-23T10:00:00.000Z', 'editor', 'restored version 2')`.execute(database.db);

    await migrate.toLatest();
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

    await migrate.to('2026-11-26T0100-set-aside-drafts');
    await migrate.toLatest();
  });
});
