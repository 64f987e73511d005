import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/helper.js';
import { createVisitor, findVisitorIdByToken, recordVisit } from './visitor-repository.js';

describe(`visitors and their visits on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it("marks a visitor's first visit, and links every later one to the day of the one before", async () => {
    const { db } = database;
    const token = await createVisitor(db, 'mobile', new Date('2026-11-01T08:00:00Z'), { path: '/', locale: 'russian' });
    const id = await findVisitorIdByToken(db, token);
    if (!id) throw new Error('visitor not found');
    await recordVisit(db, id, 'mobile', { path: '/about' }, new Date('2026-11-01T09:00:00Z'));
    await recordVisit(db, id, 'mobile', undefined, new Date('2026-11-03T23:59:00Z'));

    const visits = await db
      .selectFrom('visits')
      .select(['visited_on', 'path', 'locale', 'first_visit', 'previous_visit_on'])
      .where('visitor_id', '=', id)
      .orderBy('visited_at')
      .execute();
    expect(visits).toEqual([
      { visited_on: '2026-11-01', path: '/', locale: 'russian', first_visit: 1, previous_visit_on: null },
      { visited_on: '2026-11-01', path: '/about', locale: null, first_visit: 0, previous_visit_on: '2026-11-01' },
      { visited_on: '2026-11-03', path: null, locale: null, first_visit: 0, previous_visit_on: '2026-11-01' },
    ]);
    const visitor = await db.selectFrom('visitors').select('last_seen_at').where('id', '=', id).executeTakeFirst();
    expect(visitor?.last_seen_at).toBe('2026-11-03T23:59:00.000Z');
  });

  it('finds nobody for an unknown token', async () => {
    expect(await findVisitorIdByToken(database.db, 'nobody')).toBeUndefined();
  });
});
