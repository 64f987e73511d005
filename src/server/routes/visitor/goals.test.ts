import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOAL_BEACON_PATH } from '../../../shared/goals.js';
import type { GoalStats } from '../../../shared/schemas/goals.js';
import { findVisitorIdByToken } from '../../repositories/visitor-repository.js';
import { createTestApp, signInOwner, type TestApp, testDialect } from '../../test/helper.js';
import { BROWSER_USER_AGENT, CRAWLER_USER_AGENTS } from '../../test/user-agents.js';

const browser = { 'user-agent': BROWSER_USER_AGENT };
const SITE = 'http://localhost';
const today = () => new Date().toISOString().slice(0, 10);

describe(`goals on ${testDialect}`, () => {
  let testApp: TestApp;
  let ownerCookie: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    ownerCookie = await signInOwner(testApp);
  });
  afterAll(async () => testApp.close());

  async function newVisitor(path = '/', locale = 'russian'): Promise<string> {
    const response = await testApp.app.inject({
      url: `/api/v1/visitor/create/web?path=${encodeURIComponent(path)}&locale=${locale}`,
      headers: browser,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.token;
  }

  async function visit(key: string, path: string) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      headers: { ...browser, 'x-visitor-key': key },
      payload: { path },
    });
    expect(response.json().data.recorded).toBe(true);
  }

  const beacon = (payload: unknown, headers: Record<string, string> = browser, contentType = 'application/json') =>
    testApp.app.inject({
      method: 'POST',
      url: GOAL_BEACON_PATH,
      headers: { ...headers, 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  const completions = (goal: string) =>
    testApp.db.selectFrom('goal_completions').selectAll().where('goal', '=', goal).orderBy('completed_at').execute();

  async function goals(): Promise<Record<string, GoalStats>> {
    const response = await testApp.app.inject({
      url: `/api/v1/owner/stats?from=${today()}&to=${today()}`,
      headers: { cookie: ownerCookie },
    });
    expect(response.statusCode).toBe(200);
    return Object.fromEntries(response.json().data.goals.map((goal: GoalStats) => [goal.goal, goal]));
  }

  it('counts a CV download as a goal with its language, format and the page it was downloaded from', async () => {
    const before = (await goals()).cv?.completions ?? 0;
    const response = await testApp.app.inject({
      url: '/cv/russian.json',
      headers: { ...browser, referer: `${SITE}/about?tab=cv` },
    });
    expect(response.statusCode).toBe(200);
    // From another site's link: still a download and a goal, from no page of the site.
    await testApp.app.inject({
      url: '/cv/english.json',
      headers: { ...browser, referer: 'https://elsewhere.example/' },
    });
    const [fromAbout, fromElsewhere] = (await completions('cv')).slice(-2);
    expect(fromAbout).toMatchObject({ locale: 'russian', page: '/about', target: 'json', visitor_id: null });
    expect(fromElsewhere).toMatchObject({ locale: 'english', page: null, target: 'json' });
    const cv = (await goals()).cv;
    expect(cv?.completions).toBe(before + 2);
    expect(cv?.pages).toContainEqual({ value: '/about', completions: 1 });
    expect(cv?.languages).toContainEqual({ value: 'russian', completions: 1 });
    // Counted once: the CV card's counter says the same.
    const stats = await testApp.app.inject({
      url: `/api/v1/owner/stats?from=${today()}&to=${today()}`,
      headers: { cookie: ownerCookie },
    });
    expect(stats.json().data.cvDownloads.total).toBe(cv?.completions);
  });

  it('does not count a CV download by a crawler, the owner or a switched-off browser', async () => {
    const before = (await completions('cv')).length;
    for (const headers of [
      { 'user-agent': CRAWLER_USER_AGENTS[0] as string },
      { ...browser, cookie: ownerCookie },
      { ...browser, cookie: 'not_counted=1' },
    ]) {
      expect((await testApp.app.inject({ url: '/cv/lotin.json', headers })).statusCode).toBe(200);
    }
    expect(await completions('cv')).toHaveLength(before);
  });

  it('counts a message as a goal from the page it was sent on, in its language, with its writer', async () => {
    const key = await newVisitor('/', 'lotin');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { ...browser, 'x-visitor-key': key, referer: `${SITE}/contact` },
      payload: {
        name: 'Malika',
        email: 'malika@example.uz',
        message: 'Salom! Loyiha haqida gaplashsak.',
        locale: 'lotin',
      },
    });
    expect(response.statusCode).toBe(201);
    const [message] = (await completions('message')).slice(-1);
    expect(message).toMatchObject({
      locale: 'lotin',
      page: '/contact',
      visitor_id: await findVisitorIdByToken(testApp.db, key),
    });
    expect(message?.visit_id).toEqual(expect.any(String));
    const goal = (await goals()).message;
    expect(goal?.pages).toContainEqual({ value: '/contact', completions: 1 });
    expect(goal?.languages).toContainEqual({ value: 'lotin', completions: 1 });
  });

  it('does not count spam or a crawler’s message as a goal', async () => {
    const before = (await completions('message')).length;
    const message = { name: 'Bot', email: 'bot@example.uz', message: 'Buy cheap things here, now.' };
    await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: browser,
      payload: { ...message, website: 'https://spam.example' },
    });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'user-agent': CRAWLER_USER_AGENTS[0] as string },
      payload: message,
    });
    expect(await completions('message')).toHaveLength(before);
  });

  it('counts a click on a site link once per visit and link, and ignores a foreign link', async () => {
    const key = await newVisitor('/about', 'english');
    const click = (link: string, page = '/about') => beacon({ key, link, page, locale: 'english' });
    const before = (await completions('outbound')).length;
    expect((await click('https://github.com/example')).json().data.recorded).toBe(true);
    // The same link again in the same visit (from another page of it): not counted again.
    const again = await beacon({ key, link: 'https://github.com/example', page: '/' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.recorded).toBe(false);
    // Another of the site's links (a portfolio item's) counts; a link the site does not show never.
    expect((await click('https://example.com/shop', '/portfolio')).json().data.recorded).toBe(true);
    expect((await click('https://evil.example/phish')).json().data.recorded).toBe(false);
    expect((await click('javascript:alert(1)')).json().data.recorded).toBe(false);
    // A new visit: the same link counts again.
    await visit(key, '/');
    expect((await click('https://github.com/example', '/')).json().data.recorded).toBe(true);
    const stored = (await completions('outbound')).slice(before);
    expect(stored.map((row) => [row.target, row.page, row.locale])).toEqual([
      ['https://github.com/example', '/about', 'english'],
      ['https://example.com/shop', '/portfolio', 'english'],
      ['https://github.com/example', '/', 'english'],
    ]);
    expect(JSON.stringify(await completions('outbound'))).not.toContain('evil.example');
    const outbound = (await goals()).outbound;
    expect(outbound?.targets[0]).toEqual({ value: 'https://github.com/example', completions: 2 });
    expect(outbound?.visitors).toBe(1);
  });

  it('does not count a crawler, the owner, a switched-off browser, another site or an unknown key', async () => {
    const key = await newVisitor();
    const before = (await completions('outbound')).length;
    const payload = { key, link: 'https://github.com/example', page: '/' };
    const callers: Record<string, string>[] = [
      { 'user-agent': CRAWLER_USER_AGENTS[0] as string },
      {},
      { ...browser, cookie: ownerCookie },
      { ...browser, cookie: 'not_counted=1' },
      { ...browser, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of callers) {
      const response = await beacon(payload, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.recorded).toBe(false);
    }
    expect((await beacon({ ...payload, key: 'A'.repeat(43) })).json().data.recorded).toBe(false);
    expect(await completions('outbound')).toHaveLength(before);
  });

  it('answers a bad body with a clear 400 (a text body 415, as the whole API), never a 500', async () => {
    const key = await newVisitor();
    const text = await beacon({ key, link: 'https://github.com/example', page: '/' }, browser, 'text/plain');
    expect(text.statusCode).toBe(415);
    const bad: [unknown, string?][] = [
      ['{"key":', 'application/json'],
      [[]],
      [{}],
      [{ key, link: 'https://github.com/example' }],
      [{ key, link: 'https://github.com/example', page: 'about' }],
      [{ key, link: `https://github.com/${'x'.repeat(600)}`, page: '/' }],
      [{ key, link: 'https://github.com/example', page: '/', locale: 'klingon' }],
      [{ key, link: 'https://github.com/example', page: '/', extra: 1 }],
      [{ key: 5, link: 'https://github.com/example', page: '/' }],
    ];
    for (const [payload, contentType] of bad) {
      const response = await beacon(payload, browser, contentType);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false });
    }
  });
});
