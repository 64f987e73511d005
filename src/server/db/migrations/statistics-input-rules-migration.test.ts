import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../../test/helper.js';
import { stepMigrations } from '../../test/step-migrations.js';

describe(`the migration that applies the statistics input rules to stored visits, on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it("rewrites other pages and invalid referrer hosts to '(other)' in the visits and the daily aggregates", async () => {
    const { db } = database;
    const migrate = stepMigrations(database);
    await migrate.to('2026-11-23T0200-cv-downloads');

    const forged = '/\n\nSecure your account: https://evil.example/login\n';
    await db
      .insertInto('visitors')
      .values({ id: 'v1', token_hash: 'h', device: 'web', created_at: '2026-11-01', last_seen_at: '2026-11-02' })
      .execute();
    const visit = { visitor_id: 'v1', device: 'web' as const, locale: null, theme: null, previous_visit_on: null };
    const visits = [
      ['a', '/', 't.me'],
      ['b', '/about', '__proto__'],
      ['c', forged, 'www.google.com'],
      ['d', '/constructor', 'evil.example\u001b]52;c;aGk=\u0007'],
      ['e', null, null],
      ['f', '/__proto__', 'localhost:5173'],
    ] as const;
    await db
      .insertInto('visits')
      .values(
        visits.map(([id, path, referrer]) => ({
          ...visit,
          id,
          path,
          referrer_host: referrer,
          visited_on: '2026-11-02',
          visited_at: '2026-11-02T10:00:00.000Z',
          first_visit: 0,
        })),
      )
      .execute();
    const day = (value: string, visits: number, dimension = 'pages', date = '2026-11-01') => ({
      day: date,
      dimension,
      value,
      visits,
    });
    await db
      .insertInto('visit_day_breakdowns')
      .values([
        day('/', 5),
        day('', 1),
        day(forged, 2),
        day('/constructor', 3),
        day('(other)', 4, 'pages', '2026-10-31'),
        day('/__proto__', 1, 'pages', '2026-10-31'),
        day('t.me', 2, 'referrers'),
        day('__proto__', 6, 'referrers'),
        day('a b', 1, 'referrers'),
        day('', 9, 'referrers'),
        day('english', 7, 'languages'),
      ])
      .execute();

    await migrate.toLatest();

    expect(await db.selectFrom('visits').select(['id', 'path', 'referrer_host']).orderBy('id').execute()).toEqual([
      { id: 'a', path: '/', referrer_host: 't.me' },
      { id: 'b', path: '/about', referrer_host: '(other)' },
      { id: 'c', path: '(other)', referrer_host: 'www.google.com' },
      { id: 'd', path: '(other)', referrer_host: '(other)' },
      { id: 'e', path: null, referrer_host: null },
      { id: 'f', path: '(other)', referrer_host: 'localhost:5173' },
    ]);
    // Sorted here: the engines' collations order '(other)' and '/' differently.
    const order = (rows: ReturnType<typeof day>[]) =>
      rows.sort((a, b) => `${a.dimension} ${a.day} ${a.value}`.localeCompare(`${b.dimension} ${b.day} ${b.value}`));
    const breakdowns = await db
      .selectFrom('visit_day_breakdowns')
      .select(['day', 'dimension', 'value', 'visits'])
      .execute();
    expect(order(breakdowns.map((row) => ({ ...row, visits: Number(row.visits) })))).toEqual(
      order([
        day('(other)', 5, 'pages', '2026-10-31'),
        day('', 1),
        day('(other)', 5),
        day('/', 5),
        day('english', 7, 'languages'),
        day('', 9, 'referrers'),
        day('(other)', 7, 'referrers'),
        day('t.me', 2, 'referrers'),
      ]),
    );
  });
});
