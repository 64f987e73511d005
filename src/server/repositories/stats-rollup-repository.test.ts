import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/helper.js';
import { seedTraffic } from '../test/seed-traffic.js';
import {
  deleteExpiredVisits,
  lastRolledUpDay,
  maintainStatistics,
  retentionStart,
  rollUpFinishedDays,
} from './stats-rollup-repository.js';

describe(`statistics maintenance on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => database.drop());

  const visitDays = () =>
    database.db
      .selectFrom('visit_days')
      .selectAll()
      .orderBy('day')
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, visitors: Number(row.visitors), visits: Number(row.visits) })));
  const breakdowns = (dimension: string) =>
    database.db
      .selectFrom('visit_day_breakdowns')
      .select(['day', 'value', 'visits'])
      .where('dimension', '=', dimension)
      .orderBy('day')
      .orderBy('value')
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, visits: Number(row.visits) })));
  const rawVisitDays = async () =>
    (await database.db.selectFrom('visits').select('visited_on').distinct().orderBy('visited_on').execute()).map(
      (row) => row.visited_on,
    );

  it('rolls up each finished day into exact daily aggregates, once', async () => {
    await seedTraffic(database.db, [
      { visitor: 'a', at: '2026-11-01T08:00:00Z', path: '/', locale: 'lotin', referrer: 'https://t.me/x' },
      { visitor: 'a', at: '2026-11-01T09:00:00Z', path: '/about', locale: 'lotin', theme: 'dark' },
      { visitor: 'b', at: '2026-11-01T23:59:59Z', device: 'mobile', path: '/', locale: 'russian' },
      { visitor: 'b', at: '2026-11-03T10:00:00Z', device: 'mobile', path: '/contact', locale: 'russian' },
      { visitor: 'c', at: '2026-11-04T00:30:00Z', path: '/' },
    ]);
    // 00:30 on the 4th: the 3rd ended only half an hour ago, so it is not finished yet.
    expect(await rollUpFinishedDays(database.db, new Date('2026-11-04T00:30:00Z'))).toBe(1);
    expect(await visitDays()).toEqual([{ day: '2026-11-01', visitors: 2, visits: 3, new_visitors: 2 }]);

    expect(await rollUpFinishedDays(database.db, new Date('2026-11-04T01:00:01Z'))).toBe(1);
    expect(await rollUpFinishedDays(database.db, new Date('2026-11-04T23:00:00Z'))).toBe(0);
    expect(await visitDays()).toEqual([
      { day: '2026-11-01', visitors: 2, visits: 3, new_visitors: 2 },
      { day: '2026-11-03', visitors: 1, visits: 1, new_visitors: 0 },
    ]);
    expect(await lastRolledUpDay(database.db)).toBe('2026-11-03');
    expect(await breakdowns('pages')).toEqual([
      { day: '2026-11-01', value: '/', visits: 2 },
      { day: '2026-11-01', value: '/about', visits: 1 },
      { day: '2026-11-03', value: '/contact', visits: 1 },
    ]);
    expect(await breakdowns('themes')).toEqual([
      { day: '2026-11-01', value: '', visits: 2 },
      { day: '2026-11-01', value: 'dark', visits: 1 },
      { day: '2026-11-03', value: '', visits: 1 },
    ]);
    expect(await breakdowns('referrers')).toEqual([
      { day: '2026-11-01', value: '', visits: 2 },
      { day: '2026-11-01', value: 't.me', visits: 1 },
      { day: '2026-11-03', value: '', visits: 1 },
    ]);
    expect((await breakdowns('devices')).filter((row) => row.day === '2026-11-01')).toEqual([
      { day: '2026-11-01', value: 'mobile', visits: 1 },
      { day: '2026-11-01', value: 'web', visits: 2 },
    ]);
  });

  it('works through a long backlog a batch at a time', async () => {
    const visits = Array.from({ length: 9 }, (_, index) => ({
      visitor: `v${index % 3}`,
      at: `2026-10-${String(index + 1).padStart(2, '0')}T12:00:00Z`,
    }));
    await seedTraffic(database.db, visits);
    expect(await rollUpFinishedDays(database.db, new Date('2026-11-01T12:00:00Z'), 2)).toBe(9);
    expect((await visitDays()).map((row) => row.visits)).toEqual(Array(9).fill(1));
    expect((await visitDays()).map((row) => row.new_visitors)).toEqual([1, 1, 1, 0, 0, 0, 0, 0, 0]);
  });

  it('keeps raw visits for the retention period, then only the daily aggregates', async () => {
    await seedTraffic(database.db, [
      { visitor: 'gone', at: '2025-09-30T10:00:00Z' },
      { visitor: 'returning', at: '2025-10-21T10:00:00Z' },
      { visitor: 'returning', at: '2025-10-22T10:00:00Z' },
      { visitor: 'returning', at: '2026-11-20T10:00:00Z' },
      { visitor: 'recent', at: '2026-11-21T10:00:00Z' },
    ]);
    const now = new Date('2026-11-22T12:00:00Z');
    expect(retentionStart(now, 13)).toBe('2025-10-22');
    expect(await maintainStatistics(database.db, { retentionMonths: 13, now })).toEqual({
      rolledUpDays: 5,
      deletedVisits: 2,
      deletedVisitors: 1,
    });
    expect(await rawVisitDays()).toEqual(['2025-10-22', '2026-11-20', '2026-11-21']);
    // The aggregates of the deleted days stay.
    expect((await visitDays()).map((row) => row.day)).toEqual([
      '2025-09-30',
      '2025-10-21',
      '2025-10-22',
      '2026-11-20',
      '2026-11-21',
    ]);
    const visitors = await database.db.selectFrom('visitors').select('last_seen_at').orderBy('last_seen_at').execute();
    expect(visitors.map((row) => row.last_seen_at.slice(0, 10))).toEqual(['2026-11-20', '2026-11-21']);
    // Running again changes nothing.
    expect(await maintainStatistics(database.db, { retentionMonths: 13, now })).toEqual({
      rolledUpDays: 0,
      deletedVisits: 0,
      deletedVisitors: 0,
    });
  });

  it('never deletes raw visits of a day that is not rolled up', async () => {
    await seedTraffic(database.db, [
      { visitor: 'a', at: '2024-01-01T10:00:00Z' },
      { visitor: 'b', at: '2024-01-02T10:00:00Z' },
    ]);
    const now = new Date('2026-11-22T12:00:00Z');
    expect(await deleteExpiredVisits(database.db, 1, now)).toEqual({ visits: 0, visitors: 0 });
    // Only the 1st is finished at 05:00 on the 2nd.
    await rollUpFinishedDays(database.db, new Date('2024-01-02T05:00:00Z'));
    expect(await deleteExpiredVisits(database.db, 1, now)).toEqual({ visits: 1, visitors: 1 });
    expect(await rawVisitDays()).toEqual(['2024-01-02']);
  });

  it('counts retention in calendar months and reads STATS_RETENTION_MONTHS (default 13)', () => {
    expect(retentionStart(new Date('2026-03-15T00:00:00Z'), 1)).toBe('2026-02-15');
    expect(retentionStart(new Date('2026-01-10T23:00:00Z'), 13)).toBe('2024-12-10');
    expect(loadConfig({}).statsRetentionMonths).toBe(13);
    expect(loadConfig({ STATS_RETENTION_MONTHS: '24' }).statsRetentionMonths).toBe(24);
    expect(() => loadConfig({ STATS_RETENTION_MONTHS: '0' })).toThrow(/STATS_RETENTION_MONTHS/);
  });
});
