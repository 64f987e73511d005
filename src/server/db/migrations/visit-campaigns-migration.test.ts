import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../../test/helper.js';
import { stepMigrations } from '../../test/step-migrations.js';

describe(`the migration that keeps a visit's campaign and a message's writer, on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('leaves visits and messages stored before without a campaign or writer, and takes new ones', async () => {
    const { db } = database;
    const migrate = stepMigrations(database);
    await migrate.to('2026-11-28T0000-owner-setup');
    const at = '2026-11-02T10:00:00.000Z';
    await db
      .insertInto('visitors')
      .values({ id: 'v1', token_hash: 'h', device: 'web', created_at: at, last_seen_at: at })
      .execute();
    const visit = { visitor_id: 'v1', device: 'web', visited_on: '2026-11-02', visited_at: at };
    const empty = { path: '/', locale: null, theme: null, referrer_host: null };
    await db
      .insertInto('visits')
      .values({ ...visit, ...empty, id: 'before' })
      .execute();
    await db
      .insertInto('contact_messages')
      .values({ id: 'm1', name: 'N', email: 'n@example.uz', message: 'Hi', locale: null, created_at: at })
      .execute();
    await db
      .insertInto('visit_day_breakdowns')
      .values({ day: '2026-11-01', dimension: 'pages', value: '/', visits: 3 })
      .execute();

    await migrate.toLatest();
    await db
      .insertInto('visits')
      .values({ ...visit, ...empty, id: 'after', utm_source: 'telegram', utm_medium: 'social', utm_campaign: 'cv' })
      .execute();
    await db
      .insertInto('visit_day_breakdowns')
      .values({ day: '2026-11-01', dimension: 'campaigns', value: 'cv', visits: 1 })
      .execute();
    expect(
      await db.selectFrom('visits').select(['id', 'utm_source', 'utm_medium', 'utm_campaign']).orderBy('id').execute(),
    ).toEqual([
      { id: 'after', utm_source: 'telegram', utm_medium: 'social', utm_campaign: 'cv' },
      { id: 'before', utm_source: null, utm_medium: null, utm_campaign: null },
    ]);
    expect(await db.selectFrom('contact_messages').select(['id', 'visitor_id']).execute()).toEqual([
      { id: 'm1', visitor_id: null },
    ]);

    // Going back drops the columns and the campaign dimensions' aggregates, and keeps the rest.
    await migrate.to('2026-11-28T0000-owner-setup');
    expect(await db.selectFrom('visit_day_breakdowns').select(['dimension', 'value', 'visits']).execute()).toEqual([
      { dimension: 'pages', value: '/', visits: 3 },
    ]);
    expect((await db.selectFrom('visits').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual([
      'after',
      'before',
    ]);
  });
});
