import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../../test/helper.js';
import { stepMigrations } from '../../test/step-migrations.js';

describe(`the migration that drops contact_messages.visitor_id, on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  const columns = async () =>
    (await database.db.introspection.getTables())
      .find((table) => table.name === 'contact_messages' && table.schema === database.schema)
      ?.columns.map((column) => column.name) ?? [];

  it('drops the column and keeps every message; down brings the column back', async () => {
    const migrate = stepMigrations(database);
    await migrate.to('2026-11-23T0000-owner-settings');
    expect(await columns()).toContain('visitor_id');
    await sql`insert into contact_messages (id, name, email, message, created_at, visitor_id)
      values ('kept', 'Laylo', 'laylo@example.uz', 'Salom!', '2026-11-20T10:00:00.000Z', null)`.execute(database.db);

    // Up to this migration only: 2026-11-30T0000-visit-campaigns brings the column back (decision 039).
    await migrate.to('2026-11-23T0100-drop-message-visitor');
    expect(await columns()).not.toContain('visitor_id');
    expect(await database.db.selectFrom('contact_messages').select(['id', 'name', 'state']).execute()).toEqual([
      { id: 'kept', name: 'Laylo', state: 'new' },
    ]);
  });
});
