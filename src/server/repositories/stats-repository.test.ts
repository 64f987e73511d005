import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/helper.js';
import { seedTraffic } from '../test/seed-traffic.js';
import { NO_GOALS, SEEDED_EXPECTED, SEEDED_NOW, SEEDED_RANGE, SEEDED_VISITS } from '../test/seeded-stats.js';
import { previousRange, queryStats } from './stats-repository.js';
import { deleteExpiredVisits, rollUpFinishedDays } from './stats-rollup-repository.js';

describe(`statistics queries on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
    await seedTraffic(database.db, SEEDED_VISITS);
  });
  afterEach(async () => database.drop());

  it('answers exact totals, previous period, daily series, breakdowns and "now" from raw visits', async () => {
    const stats = await queryStats(database.db, SEEDED_RANGE, SEEDED_NOW);
    expect(stats).toEqual({
      ...SEEDED_RANGE,
      interval: 'day',
      detailedSince: '2026-11-01',
      ...SEEDED_EXPECTED,
      cvDownloads: { total: 0, days: [], languages: [], formats: [] },
      goals: NO_GOALS,
    });
  });

  it('answers the same once the finished days are rolled up', async () => {
    const before = await queryStats(database.db, SEEDED_RANGE, SEEDED_NOW);
    expect(await rollUpFinishedDays(database.db, SEEDED_NOW)).toBe(6);
    expect(await queryStats(database.db, SEEDED_RANGE, SEEDED_NOW)).toEqual(before);
    // A range across the rolled-up days and today mixes both sources.
    const month = { from: '2026-10-24', to: '2026-11-22' };
    await rollUpFinishedDays(database.db, new Date('2026-11-11T12:00:00Z')); // no-op: already rolled
    const mixed = await queryStats(database.db, month, SEEDED_NOW);
    expect(mixed.totals).toEqual({ visitors: 7, visits: 13, newVisitors: 7, returningVisitors: 0 });
    expect(mixed.series).toHaveLength(30);
    expect(mixed.series.at(-1)).toEqual({ day: '2026-11-22', visitors: 3, visits: 3 });
    expect(mixed.series.reduce((sum, point) => sum + point.visits, 0)).toBe(13);
  });

  it('counts today per UTC hour', async () => {
    const today = await queryStats(database.db, { from: '2026-11-22', to: '2026-11-22' }, SEEDED_NOW);
    expect(today.interval).toBe('hour');
    expect(today.series).toHaveLength(24);
    expect(today.series.filter((point) => point.visits > 0)).toEqual([
      { day: '2026-11-22', hour: 11, visitors: 3, visits: 3 },
    ]);
    expect(today.totals).toEqual({ visitors: 3, visits: 3, newVisitors: 2, returningVisitors: 1 });
    expect(today.previous).toMatchObject({ from: '2026-11-21', to: '2026-11-21', visitors: 0, visits: 0 });
  });

  it('after the retention period keeps visits and breakdowns, and sums unique visitors per day', async () => {
    await rollUpFinishedDays(database.db, SEEDED_NOW);
    // A month's retention seen from 2026-12-11: raw visits before 2026-11-11 are deleted.
    await deleteExpiredVisits(database.db, 1, new Date('2026-12-11T12:00:00Z'));
    const stats = await queryStats(database.db, SEEDED_RANGE, SEEDED_NOW);
    expect(stats.detailedSince).toBe('2026-11-11');
    // a is counted on the 10th (aggregate) and again among the exact 11th–12th.
    expect(stats.totals).toEqual({ visitors: 5, visits: 7, newVisitors: 3, returningVisitors: 2 });
    expect(stats.series).toEqual(SEEDED_EXPECTED.series);
    expect(stats.pages).toEqual(SEEDED_EXPECTED.pages);
    expect(stats.referrers).toEqual(SEEDED_EXPECTED.referrers);
    const oneOldDay = await queryStats(database.db, { from: '2026-11-10', to: '2026-11-10' }, SEEDED_NOW);
    expect(oneOldDay.interval).toBe('day');
    expect(oneOldDay.series).toEqual([{ day: '2026-11-10', visitors: 1, visits: 2 }]);
  });

  it('answers zeros for a range without visits, every count a number', async () => {
    const stats = await queryStats(database.db, { from: '2020-01-01', to: '2020-01-07' }, SEEDED_NOW);
    expect(stats.totals).toEqual({ visitors: 0, visits: 0, newVisitors: 0, returningVisitors: 0 });
    expect(stats.series.map((point) => point.day)).toEqual([
      '2020-01-01',
      '2020-01-02',
      '2020-01-03',
      '2020-01-04',
      '2020-01-05',
      '2020-01-06',
      '2020-01-07',
    ]);
    expect(stats.pages).toEqual([]);
    expect(typeof stats.now).toBe('number');
  });

  it('takes the previous period of the same length', () => {
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(previousRange({ from: '2026-01-01', to: '2026-01-01' })).toEqual({ from: '2025-12-31', to: '2025-12-31' });
  });
});
