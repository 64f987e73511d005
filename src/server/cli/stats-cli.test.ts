import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../shared/days.js';
import { type Stats, statsSchema } from '../../shared/schemas/stats.js';
import { hashPassword } from '../auth/password.js';
import { setPasswordHash } from '../repositories/owner-repository.js';
import { maintainStatistics } from '../repositories/stats-rollup-repository.js';
import { createTestApp, type TestApp, testDialect } from '../test/helper.js';
import { type SeedVisit, seedTraffic } from '../test/seed-traffic.js';

const run = promisify(execFile);
const PASSWORD = 'correct horse battery staple';
const DAY_MS = 24 * 60 * 60_000;
const PATHS = ['/', '/about', '/portfolio', '/contact'];
const LOCALES = ['lotin', 'russian', 'english'] as const;

/** Sixty days of traffic up to a few minutes ago, from a handful of returning visitors. */
function sixtyDays(now: Date): SeedVisit[] {
  const visits: SeedVisit[] = [{ visitor: 'today', at: new Date(now.getTime() - 2 * 60_000).toISOString() }];
  for (let daysAgo = 1; daysAgo < 60; daysAgo++) {
    const day = dayOf(new Date(now.getTime() - daysAgo * DAY_MS));
    visits.push({
      visitor: `v${daysAgo % 7}`,
      at: `${day}T10:00:00.000Z`,
      device: daysAgo % 5 === 0 ? 'mobile' : 'web',
      path: PATHS[daysAgo % PATHS.length],
      locale: LOCALES[daysAgo % LOCALES.length],
      theme: daysAgo % 2 === 0 ? 'dark' : 'light',
      referrer: daysAgo % 4 === 0 ? 'https://t.me/channel/1' : undefined,
      country: daysAgo % 3 === 0 ? 'RU' : 'UZ',
    });
    if (daysAgo % 3 === 0) visits.push({ visitor: `w${daysAgo % 2}`, at: `${day}T15:00:00.000Z`, path: '/' });
  }
  return visits;
}

describe(`npm run stats and the dashboard's API give the same figures, on ${testDialect}`, () => {
  let testApp: TestApp;
  let cookie: string;
  let dataDir: string;
  let env: Record<string, string>;
  let today: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    // The housekeeping the app ran at start is over before the traffic arrives.
    await testApp.app.jobs.run('statistics-housekeeping');
    const now = new Date();
    today = dayOf(now);
    await seedTraffic(testApp.db, sixtyDays(now));
    // As if the housekeeping last ran ten days ago with a month's retention: the oldest days are
    // aggregates only, the middle ones aggregates and raw visits, the last ten raw visits only.
    const result = await maintainStatistics(testApp.db, {
      retentionMonths: 1,
      now: new Date(now.getTime() - 10 * DAY_MS),
    });
    expect(result.rolledUpDays).toBeGreaterThan(40);
    expect(result.deletedVisits).toBeGreaterThan(0);

    await setPasswordHash(testApp.db, await hashPassword(PASSWORD, { logN: 10, r: 8, p: 1 }));
    const signedIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/owner/session',
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: { password: PASSWORD },
    });
    cookie = String(signedIn.headers['set-cookie']).split(';')[0] ?? '';

    // The command reads the site's database as an owner would: its DATA_DIR, or its DATABASE_URL.
    dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-stats-cli-'));
    const postgres = process.env.TEST_DATABASE_URL;
    if (postgres) {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(testApp.db);
      const url = new URL(postgres);
      url.searchParams.set('options', `-c search_path=${rows[0]?.schema}`);
      env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
    } else {
      // A consistent copy where DATA_DIR says the site's database is.
      await sql`vacuum into ${path.join(dataDir, 'sahifa.sqlite')}`.execute(testApp.db);
      env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    }
  });
  afterAll(async () => {
    await testApp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const stats = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/server/cli/stats.ts', ...args], {
      env: { ...process.env, ...env },
    }).then(({ stdout }) => stdout);
  /** Every figure of the statistics, as the command prints them with --json. */
  const statsJson = async (...args: string[]): Promise<Stats> => {
    const printed: Stats = JSON.parse(await stats(...args, '--json'));
    expect(Object.keys(printed).sort()).toEqual(Object.keys(statsSchema.shape).sort());
    return printed;
  };
  const api = async (from: string, to: string): Promise<Stats> => {
    const response = await testApp.app.inject({
      url: `/api/v1/owner/stats?from=${from}&to=${to}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  it('the last 60 days, over aggregates, aggregates with visits, and visits alone', async () => {
    const expected = await api(addDays(today, -59), today);
    expect(expected.detailedSince ?? '').toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((expected.detailedSince ?? '') > expected.from).toBe(true);
    expect(expected).toMatchObject(await statsJson('--days', '60'));

    const text = await stats('--days', '60', '--top', '100');
    expect(text).toContain(`Statistics from ${expected.from} to ${expected.to} (UTC days)`);
    const { totals, previous } = expected;
    expect(text).toMatch(new RegExp(`^Unique visitors\\s+${totals.visitors}\\s+${previous.visitors}$`, 'm'));
    expect(text).toMatch(new RegExp(`^Visits\\s+${totals.visits}\\s+${previous.visits}$`, 'm'));
    expect(text).toMatch(new RegExp(`^New visitors\\s+${totals.newVisitors}\\s+${previous.newVisitors}$`, 'm'));
    expect(text).toMatch(
      new RegExp(`^Returning visitors\\s+${totals.returningVisitors}\\s+${previous.returningVisitors}$`, 'm'),
    );
    expect(text).toContain(`Visitors now (last 5 minutes): ${expected.now}`);
    for (const point of expected.series) {
      expect(text).toMatch(new RegExp(`^${point.day}\\s+${point.visitors}\\s+${point.visits}$`, 'm'));
    }
    for (const item of [...expected.pages, ...expected.languages, ...expected.devices]) {
      expect(text).toMatch(new RegExp(`^  ${item.value ?? '\\(not given\\)'}\\s+${item.visits}$`, 'm'));
    }
    // Countries by code and English name; the visits without one (w0, w1, today) as unknown.
    const countries = Object.fromEntries(expected.countries.map((item) => [item.value ?? '', item.visits]));
    expect(Object.keys(countries).sort()).toEqual(['', 'RU', 'UZ']);
    expect(text).toMatch(new RegExp(`^  UZ Uzbekistan\\s+${countries.UZ}$`, 'm'));
    expect(text).toMatch(new RegExp(`^  RU Russia\\s+${countries.RU}$`, 'm'));
    expect(text).toMatch(new RegExp(`^  \\(unknown\\)\\s+${countries['']}$`, 'm'));
  });

  it('a past period given by its days, and the default of 30 days', async () => {
    const [from, to] = [addDays(today, -50), addDays(today, -20)];
    expect(await api(from, to)).toMatchObject(await statsJson('--from', from, '--to', to));
    expect(await api(addDays(today, -29), today)).toMatchObject(await statsJson());
  });
});
