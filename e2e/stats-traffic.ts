import path from 'node:path';
import { createDatabase } from '../src/server/db/database.js';
import type { SeedVisit } from '../src/server/test/seed-traffic.js';
import { seedTraffic } from '../src/server/test/seed-traffic.js';
import { addDays, dayOf } from '../src/shared/days.js';
import { E2E_DATA_DIR } from './support.js';

/**
 * Hand-counted traffic for the dashboard's browser tests, in days before today (UTC), so the
 * ranges that end today hold it. Other browser tests add visits today only, so the custom period
 * below (ten days up to yesterday) and its previous period hold exactly these visits.
 */
export function statsTraffic(now: Date) {
  const today = dayOf(now);
  const daysAgo = (days: number) => addDays(today, -days);
  const at = (days: number, time = '10:00') => `${daysAgo(days)}T${time}:00Z`;
  const visits: SeedVisit[] = [
    // One: new in the period, four visits, two of them on the same day.
    {
      visitor: 'one',
      at: at(9),
      path: '/',
      locale: 'lotin',
      theme: 'light',
      referrer: 'https://www.google.com/',
      country: 'UZ',
    },
    { visitor: 'one', at: at(8), path: '/about', locale: 'lotin', theme: 'light', country: 'UZ' },
    { visitor: 'one', at: at(2), path: '/portfolio', locale: 'english', theme: 'dark', country: 'UZ' },
    { visitor: 'one', at: at(2, '15:00'), path: '/portfolio', locale: 'english', theme: 'dark', country: 'UZ' },
    // Two: new in the period, on a phone.
    {
      visitor: 'two',
      at: at(5),
      device: 'mobile',
      path: '/',
      locale: 'russian',
      theme: 'dark',
      referrer: 'https://t.me/design_uz/7',
      country: 'RU',
    },
    { visitor: 'two', at: at(1), device: 'mobile', path: '/contact', locale: 'russian', theme: 'dark', country: 'RU' },
    // Three: new in the period, once.
    {
      visitor: 'three',
      at: at(2, '12:00'),
      path: '/portfolio',
      locale: 'english',
      theme: 'light',
      referrer: 'https://www.linkedin.com/feed/',
    },
    // Four: first seen in the previous period, returning in this one.
    { visitor: 'four', at: at(20), path: '/', locale: 'lotin', country: 'UZ' },
    { visitor: 'four', at: at(4), path: '/about', locale: 'lotin', country: 'UZ' },
    // Within 30 days but not 7, within 12 months but not 30.
    { visitor: 'five', at: at(40), path: '/', locale: 'russian', country: 'KZ' },
    { visitor: 'six', at: at(200), path: '/about', locale: 'english' },
    // Reading now (never before midnight: it belongs to today).
    {
      visitor: 'seven',
      at: new Date(Math.max(now.getTime() - 60_000, Date.parse(`${today}T00:00:00Z`))).toISOString(),
      path: '/',
      locale: 'lotin',
    },
  ];

  const period = { from: daysAgo(10), to: daysAgo(1) };
  const perDay: Record<number, [visitors: number, visits: number]> = {
    9: [1, 1],
    8: [1, 1],
    5: [1, 1],
    4: [1, 1],
    2: [2, 3],
    1: [1, 1],
  };
  return {
    visits,
    /** The custom period: ten days up to yesterday; its previous period is the ten days before. */
    period,
    expected: {
      figures: { visitors: 4, visits: 8, visitsPerVisitor: 2, newVisitors: 3, returningVisitors: 1 },
      previous: { visitors: 1, visits: 1, visitsPerVisitor: 1, newVisitors: 1, returningVisitors: 0 },
      series: Array.from({ length: 10 }, (_, index) => {
        const [visitors, visits] = perDay[10 - index] ?? [0, 0];
        return { day: daysAgo(10 - index), visitors, visits };
      }),
      pages: [
        ['/portfolio', 3],
        ['/', 2],
        ['/about', 2],
        ['/contact', 1],
      ],
      referrers: [
        [null, 5],
        // Well-known hosts by their group's name (src/server/stats/referrer-groups.ts).
        ['Google', 1],
        ['LinkedIn', 1],
        ['Telegram', 1],
      ],
      /** Three's country is not known. */
      countries: [
        ['UZ', 5],
        ['RU', 2],
        [null, 1],
      ] as [string | null, number][],
      /** Visits in 30 days but not in 7, and in 12 months but not in 30. */
      visitsBeyond7Days: 3,
      visitsBeyond30Days: 2,
    },
  };
}

/**
 * Writes the visits into the database of the browser tests' server, with the server's own
 * repositories, once: a retried test (a new worker) finds its oldest visit there and adds nothing.
 */
export async function seedStatsTrafficOnce(visits: SeedVisit[]): Promise<void> {
  const db = createDatabase({ dialect: 'sqlite', file: path.join(E2E_DATA_DIR, 'sahifa.sqlite') });
  try {
    const oldest = [...visits].sort((a, b) => a.at.localeCompare(b.at))[0];
    // Stored as the repositories write times (`toISOString()`, with milliseconds), not as written above.
    const seeded =
      oldest &&
      (await db
        .selectFrom('visits')
        .select('id')
        .where('visited_at', '=', new Date(oldest.at).toISOString())
        .executeTakeFirst());
    if (!seeded) await seedTraffic(db, visits);
  } finally {
    await db.destroy();
  }
}
