import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/helper.js';
import { createVisitor, dailyStatistics, findVisitorIdByToken, recordVisit, visitsBy } from './visitor-repository.js';

describe(`visitor statistics on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('counts unique visitors and visits per day, and visits by device, language and page', async () => {
    const { db } = database;
    const day1 = new Date('2026-11-01T08:00:00Z');
    const day2 = new Date('2026-11-02T23:59:00Z');
    const alice = await createVisitor(db, 'web', day1);
    const bob = await createVisitor(db, 'mobile', day1);
    const aliceId = await findVisitorIdByToken(db, alice);
    const bobId = await findVisitorIdByToken(db, bob);
    if (!aliceId || !bobId) throw new Error('visitors not found');
    await recordVisit(db, aliceId, 'web', { path: '/about', locale: 'english' }, day1);
    await recordVisit(db, aliceId, 'web', { path: '/about', locale: 'english' }, day2);
    await recordVisit(db, bobId, 'mobile', { path: '/portfolio', locale: 'russian' }, day2);
    await recordVisit(db, bobId, 'mobile', { path: '/about', locale: 'russian' }, day2);

    expect(await dailyStatistics(db)).toEqual([
      { day: '2026-11-02', visitors: 2, visits: 3 },
      { day: '2026-11-01', visitors: 2, visits: 3 },
    ]);
    const byDevice = Object.fromEntries((await visitsBy(db, 'device')).map((row) => [row.value, row.visits]));
    expect(byDevice).toEqual({ mobile: 3, web: 3 });
    const byPath = Object.fromEntries((await visitsBy(db, 'path')).map((row) => [row.value, row.visits]));
    expect(byPath).toEqual({ '/about': 3, '/portfolio': 1, null: 2 });
    const byLocale = Object.fromEntries((await visitsBy(db, 'locale')).map((row) => [row.value, row.visits]));
    expect(byLocale).toEqual({ english: 2, russian: 2, null: 2 });
  });

  it('finds nobody for an unknown token', async () => {
    expect(await findVisitorIdByToken(database.db, 'nobody')).toBeUndefined();
  });
});
