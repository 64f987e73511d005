import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../shared/days.js';
import type { BreakdownItem } from '../../shared/schemas/stats.js';
import { MAX_SENT_CAMPAIGN_LENGTH } from '../../shared/statistics.js';
import { queryStats } from '../repositories/stats-repository.js';
import { deleteExpiredVisits, rollUpFinishedDays } from '../repositories/stats-rollup-repository.js';
import { createVisitor } from '../repositories/visitor-repository.js';
import { createSignedInTestApp, type TestApp, testDialect } from '../test/helper.js';
import { BROWSER_USER_AGENT } from '../test/user-agents.js';
import { referrerGroup } from './referrer-groups.js';
import { MAX_CAMPAIGN_VALUE_LENGTH } from './visit-values.js';

const browser = { 'user-agent': BROWSER_USER_AGENT };

// Ties are ordered by each engine's collation, so they are compared in one order here.
const byValue = (rows: BreakdownItem[]) =>
  [...rows].sort((a, b) => b.visits - a.visits || (a.value ?? '').localeCompare(b.value ?? ''));

describe(`campaigns of the landing address, on ${testDialect}`, () => {
  let testApp: TestApp;
  let cookie: string;
  beforeAll(async () => {
    ({ testApp, cookie } = await createSignedInTestApp());
  });
  afterAll(async () => testApp.close());

  const create = (query: Record<string, string>) =>
    testApp.app.inject({ url: `/api/v1/visitor/create/web?${new URLSearchParams(query)}`, headers: browser });
  const ownerStats = async (from: string, to = from) => {
    const response = await testApp.app.inject({
      url: `/api/v1/owner/stats?from=${from}&to=${to}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  it('shows a visit under its source, medium and campaign, sent with the first page or a later visit', async () => {
    await testApp.db.deleteFrom('visitors').execute();
    const first = await create({ path: '/', source: 'telegram', medium: 'social', campaign: 'spring-cv' });
    expect(first.statusCode).toBe(200);
    const token = first.json().data.token;
    const later = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      headers: { ...browser, 'x-visitor-key': token },
      payload: { path: '/about', source: 'newsletter', campaign: 'spring-cv' },
    });
    expect(later.json()).toMatchObject({ success: true, data: { recorded: true } });
    expect((await create({ path: '/contact' })).statusCode).toBe(200);

    const stats = await ownerStats(dayOf(new Date()));
    expect(byValue(stats.sources)).toEqual([
      { value: null, visits: 1 },
      { value: 'newsletter', visits: 1 },
      { value: 'telegram', visits: 1 },
    ]);
    expect(byValue(stats.mediums)).toEqual([
      { value: null, visits: 2 },
      { value: 'social', visits: 1 },
    ]);
    expect(byValue(stats.campaigns)).toEqual([
      { value: 'spring-cv', visits: 2 },
      { value: null, visits: 1 },
    ]);
  });

  it('stores a campaign without controls or direction marks, trimmed and cut short; refuses an overlong one with 400', async () => {
    await testApp.db.deleteFrom('visitors').execute();
    const sent = {
      path: '/',
      source: '  tele\u0000gram\u001b]52;c;ZXZpbA==\u0007  ',
      medium: '\u202Elaicos\u202C\u2066x\u2069\u200B\r\n',
      campaign: `${'ʻ'.repeat(MAX_SENT_CAMPAIGN_LENGTH - 1)}😀`,
    };
    expect((await create(sent)).statusCode).toBe(200);
    const [visit] = await testApp.db
      .selectFrom('visits')
      .select(['utm_source', 'utm_medium', 'utm_campaign'])
      .execute();
    expect(visit?.utm_source).toBe('tele gram ]52;c;ZXZpbA==');
    expect(visit?.utm_medium).toBe('laicos x');
    expect(visit?.utm_campaign).toBe('ʻ'.repeat(MAX_CAMPAIGN_VALUE_LENGTH));
    for (const value of [visit?.utm_source, visit?.utm_medium, visit?.utm_campaign]) {
      expect(value).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    }

    // Only spaces and marks: no campaign at all.
    expect((await create({ path: '/', source: '\u200F \u0007 ', campaign: '' })).statusCode).toBe(200);
    const rows = await testApp.db.selectFrom('visits').select(['utm_source', 'utm_campaign']).execute();
    expect(rows.filter((row) => row.utm_source === null && row.utm_campaign === null)).toHaveLength(1);

    for (const field of ['source', 'medium', 'campaign']) {
      const response = await create({ path: '/', [field]: 'x'.repeat(MAX_SENT_CAMPAIGN_LENGTH + 1) });
      expect(response.statusCode).toBe(400);
    }
  });

  it('keeps the campaign breakdowns after the raw visits are rolled up and deleted', async () => {
    await testApp.db.deleteFrom('visitors').execute();
    const day = '2026-10-05';
    const at = new Date(`${day}T10:00:00Z`);
    await createVisitor(testApp.db, 'web', at, { path: '/', source: 'linkedin', medium: 'social', campaign: 'launch' });
    await createVisitor(testApp.db, 'mobile', at, { path: '/', source: 'linkedin', campaign: 'launch' });
    await createVisitor(testApp.db, 'web', at, { path: '/about' });
    const before = await queryStats(testApp.db, { from: day, to: day });

    await rollUpFinishedDays(testApp.db, new Date(`${addDays(day, 1)}T02:00:00Z`));
    // A retention of one month, a year later: every raw visit of that day goes.
    await deleteExpiredVisits(testApp.db, 1, new Date('2027-10-05T12:00:00Z'));
    expect(await testApp.db.selectFrom('visits').select('id').where('visited_on', '=', day).execute()).toEqual([]);

    const after = await queryStats(testApp.db, { from: day, to: day });
    expect(after.sources).toEqual(before.sources);
    expect(after.mediums).toEqual(before.mediums);
    expect(after.campaigns).toEqual(before.campaigns);
    expect(after.sources).toEqual([
      { value: 'linkedin', visits: 2 },
      { value: null, visits: 1 },
    ]);
    expect(byValue(after.campaigns)).toEqual([
      { value: 'launch', visits: 2 },
      { value: null, visits: 1 },
    ]);
  });

  it('names well-known referring hosts by their group, the same in the database as in the server', async () => {
    await testApp.db.deleteFrom('visitors').execute();
    await testApp.db.deleteFrom('visit_day_breakdowns').execute();
    await testApp.db.deleteFrom('visit_days').execute();
    const hosts: [string, string][] = [
      ['t.co', 'X'],
      ['x.com', 'X'],
      ['l.facebook.com', 'Facebook'],
      ['m.facebook.com', 'Facebook'],
      ['www.google.com', 'Google'],
      ['www.google.co.uz', 'Google'],
      ['google.ru', 'Google'],
      ['yandex.ru', 'Yandex'],
      ['www.bing.com', 'Bing'],
      ['duckduckgo.com', 'DuckDuckGo'],
      ['t.me', 'Telegram'],
      ['www.linkedin.com', 'LinkedIn'],
      ['lnkd.in', 'LinkedIn'],
      // Not theirs: a look-alike stays a host of its own.
      ['google.evil.example.com', 'google.evil.example.com'],
      ['www.google.a.b.c', 'www.google.a.b.c'],
      ['notfacebook.com', 'notfacebook.com'],
      ['t.co.evil.example', 't.co.evil.example'],
      ['example.org', 'example.org'],
    ];
    for (const [host, group] of hosts) expect(referrerGroup(host), host).toBe(group);

    const now = new Date();
    for (const [host] of hosts) await createVisitor(testApp.db, 'web', now, { referrer: `https://${host}/page` });
    const expected = new Map<string, number>();
    for (const [, group] of hosts) expected.set(group, (expected.get(group) ?? 0) + 1);
    const today = dayOf(now);
    const fresh = await queryStats(testApp.db, { from: today, to: today }, now);
    expect(byValue(fresh.referrers)).toEqual(byValue([...expected].map(([value, visits]) => ({ value, visits }))));
    // Rolled up, the aggregates keep the hosts, and the table names them the same.
    const tomorrow = new Date(`${addDays(today, 1)}T02:00:00Z`);
    await rollUpFinishedDays(testApp.db, tomorrow);
    expect((await queryStats(testApp.db, { from: today, to: today }, tomorrow)).referrers).toEqual(fresh.referrers);
  });
});
