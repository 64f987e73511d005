import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, dayOf, isoWeek } from '../../shared/days.js';
import { BREAKDOWN_LIMIT, type BreakdownItem, OTHER_VALUE } from '../../shared/schemas/stats.js';
import type { NotificationSettings } from '../config.js';
import { queueWeeklySummary } from '../outbox/weekly-summary-email.js';
import { setWeeklySummaryEnabled } from '../repositories/owner-settings-repository.js';
import { queryStats } from '../repositories/stats-repository.js';
import { rollUpFinishedDays } from '../repositories/stats-rollup-repository.js';
import { createVisitor } from '../repositories/visitor-repository.js';
import { createTestApp, type TestApp, testDialect } from '../test/helper.js';
import { BROWSER_USER_AGENT } from '../test/user-agents.js';

const FORGED_PATH = '/\n\nSecure your account now: https://evil.example/login\n\n';
const HOSTILE: Record<string, string>[] = [
  { path: FORGED_PATH, referrer: 'https://evil.example/' },
  { path: '/constructor', referrer: 'http://__proto__/' },
  { path: '/__proto__', referrer: 'http://constructor/' },
  { path: '/about\u001b]52;c;ZXZpbA==\u0007', referrer: 'http://hasOwnProperty/' },
  { path: '/', referrer: 'https://t.me/channel' },
  { path: '/about' },
];

describe(`what visitors send reaches the statistics only as the site's own values, on ${testDialect}`, () => {
  let testApp: TestApp;
  // Only queued here, never sent.
  const notifications: NotificationSettings = {
    email: { smtpUrl: 'smtp://127.0.0.1:9', from: 'site@example.uz', to: 'owner@example.uz' },
    telegram: undefined,
    locale: 'english',
    retrySeconds: 15,
  };
  beforeEach(async () => {
    testApp = await createTestApp({ notifications });
  });
  afterEach(async () => testApp.close());

  /** Six anonymous requests, as anyone could send them. */
  async function sendHostileVisits() {
    for (const query of HOSTILE) {
      const response = await testApp.app.inject({
        url: `/api/v1/visitor/create/web?${new URLSearchParams(query)}`,
        headers: { 'user-agent': BROWSER_USER_AGENT },
      });
      expect(response.statusCode).toBe(200);
    }
  }

  it('keeps forged paths, links and control characters out of the breakdowns, raw and rolled up', async () => {
    await sendHostileVisits();
    const today = dayOf(new Date());
    const range = { from: today, to: today };
    const fresh = await queryStats(testApp.db, range);
    // Ties are ordered by each engine's collation, so they are compared in one order here.
    const byValue = (rows: BreakdownItem[]) =>
      [...rows].sort((a, b) => b.visits - a.visits || (a.value ?? '').localeCompare(b.value ?? ''));
    expect(byValue(fresh.pages)).toEqual([
      { value: OTHER_VALUE, visits: 4 },
      { value: '/', visits: 1 },
      { value: '/about', visits: 1 },
    ]);
    // Valid host names stay, whatever they spell; a well-known one by its name.
    expect(byValue(fresh.referrers)).toEqual([
      { value: null, visits: 1 },
      { value: OTHER_VALUE, visits: 1 },
      { value: 'constructor', visits: 1 },
      { value: 'evil.example', visits: 1 },
      { value: 'hasownproperty', visits: 1 },
      { value: 'Telegram', visits: 1 },
    ]);

    // Once the day is rolled up, its aggregates say the same.
    await rollUpFinishedDays(testApp.db, new Date(Date.parse(`${addDays(today, 1)}T02:00:00Z`)));
    const rolled = await queryStats(testApp.db, range, new Date(Date.parse(`${addDays(today, 1)}T02:00:00Z`)));
    expect(rolled.pages).toEqual(fresh.pages);
    expect(rolled.referrers).toEqual(fresh.referrers);
  });

  it('never lets a path write into the weekly summary e-mail', async () => {
    await sendHostileVisits();
    await setWeeklySummaryEnabled(testApp.db, true);
    // The Monday after this week, when this week's summary is due.
    const monday = new Date(`${addDays(isoWeek(dayOf(new Date())).monday, 7)}T07:00:00Z`);
    expect(await queueWeeklySummary(testApp.db, { notifications }, monday)).toBe('queued');
    const [job] = await testApp.db.selectFrom('notification_jobs').select('payload').execute();
    const { text } = JSON.parse(job?.payload ?? '{}') as { text: string };
    expect(text).toContain(`1. ${OTHER_VALUE} — 4`);
    for (const forged of ['Secure your account', 'evil.example', '\u001b', 'constructor', '__proto__']) {
      expect(text).not.toContain(forged);
    }
  });

  it('answers the 100 largest rows of a breakdown, sorted by the database, from aggregates and raw visits', async () => {
    const { db } = testApp;
    // The app's own housekeeping rolls up finished days as it starts; a run still going while the
    // back-dated visits below are written would roll yesterday up half-way, and the rest of its
    // visits would never be read (days up to the last rolled-up one come from the aggregates).
    await testApp.app.jobs.stop();
    // 150 referring hosts on two finished days, then today: host-N has N visits in all.
    const yesterday = new Date(Date.now() - 24 * 60 * 60_000);
    for (let host = 1; host <= 150; host++) {
      for (let visit = 0; visit < host % 7; visit++) {
        await createVisitor(db, 'web', yesterday, { referrer: `https://host-${host}.example/` });
      }
    }
    await rollUpFinishedDays(db, new Date(Date.now() + 24 * 60 * 60_000));
    for (let host = 1; host <= 150; host++) {
      for (let visit = host % 7; visit < host % 13; visit++) {
        await createVisitor(db, 'web', new Date(), { referrer: `https://host-${host}.example/` });
      }
    }
    const stats = await queryStats(db, { from: dayOf(yesterday), to: dayOf(new Date()) });
    const expected = new Map(
      Array.from({ length: 150 }, (_, index) => [
        `host-${index + 1}.example`,
        Math.max((index + 1) % 7, (index + 1) % 13),
      ]),
    );
    const largestFirst = [...expected.values()].filter((visits) => visits > 0).sort((a, b) => b - a);
    expect(stats.referrers).toHaveLength(BREAKDOWN_LIMIT);
    expect(stats.referrers.map((row) => row.visits)).toEqual(largestFirst.slice(0, BREAKDOWN_LIMIT));
    for (const row of stats.referrers) expect(row.visits).toBe(expected.get(row.value ?? ''));
    // Ties are ordered by the engine's collation; every host above the last row's count is in.
    const cutOff = stats.referrers.at(-1)?.visits ?? 0;
    expect(stats.referrers.filter((row) => row.visits > cutOff).map((row) => row.value)).toEqual(
      expect.arrayContaining([...expected].filter(([, visits]) => visits > cutOff).map(([host]) => host)),
    );
  }, 60_000);
});
