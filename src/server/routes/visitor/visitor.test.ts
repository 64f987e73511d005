import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findVisitorIdByToken } from '../../repositories/visitor-repository.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { BROWSER_USER_AGENT, CRAWLER_USER_AGENTS } from '../../test/user-agents.js';

const browser = { 'user-agent': BROWSER_USER_AGENT };

describe('visitor API', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  async function createVisitor(device = 'web'): Promise<string> {
    const response = await testApp.app.inject({ url: `/api/v1/visitor/create/${device}`, headers: browser });
    expect(response.statusCode).toBe(200);
    return response.json().data.token;
  }

  const visitsOf = (device?: string) =>
    testApp.db
      .selectFrom('visits')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .$if(device !== undefined, (query) => query.where('device', '=', device as string))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count));

  it('creates a visitor with an unguessable URL-safe token and records its first visit', async () => {
    const before = await visitsOf('mobile');
    const token = await createVisitor('mobile');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes = 256 bits
    expect(await createVisitor('mobile')).not.toBe(token);
    expect(await visitsOf('mobile')).toBe(before + 2);
    const stored = await testApp.db.selectFrom('visitors').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
  });

  it.each(['tablet', 'WEB', 'mobile%20'])('rejects the device %j with a clear 400', async (device) => {
    const response = await testApp.app.inject({ url: `/api/v1/visitor/create/${device}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'validation_failed',
      message: expect.stringMatching(/device must be "mobile" or "web"/),
      errors: [{ field: 'device', code: 'invalid_choice' }],
    });
  });

  it('answers a create without a device with 404, as for any unknown path', async () => {
    const response = await testApp.app.inject({ url: '/api/v1/visitor/create/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
  });

  it('checks: new without a key, with a malformed key and with an unknown key; known otherwise', async () => {
    const token = await createVisitor();
    const check = async (headers: Record<string, string>) =>
      (await testApp.app.inject({ url: '/api/v1/visitor/check', headers })).json();
    expect(await check({})).toEqual({ success: true, message: 'OK', data: { new: true } });
    expect((await check({ 'x-visitor-key': 'not a key' })).data.new).toBe(true);
    expect((await check({ 'x-visitor-key': 'A'.repeat(43) })).data.new).toBe(true);
    expect((await check({ 'x-visitor-key': token })).data.new).toBe(false);
  });

  it('records a visit with its optional details, keeping only the referrer host', async () => {
    const token = await createVisitor();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/mobile',
      headers: { ...browser, 'x-visitor-key': token },
      payload: { path: '/about', locale: 'russian', theme: 'dark', referrer: 'https://t.me/some/secret?x=1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'OK', data: { recorded: true } });
    const visit = await testApp.db
      .selectFrom('visits')
      .selectAll()
      .where('path', '=', '/about')
      .executeTakeFirstOrThrow();
    expect(visit).toMatchObject({ device: 'mobile', locale: 'russian', theme: 'dark', referrer_host: 't.me' });
    expect(visit.visited_on).toBe(visit.visited_at.slice(0, 10));
  });

  it('records a visit without a body', async () => {
    const token = await createVisitor();
    const before = await visitsOf();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      headers: { ...browser, 'x-visitor-key': token },
    });
    expect(response.statusCode).toBe(200);
    expect(await visitsOf()).toBe(before + 1);
  });

  it('refuses a visit without a key or with an unknown key, and never creates a visitor', async () => {
    const visitors = async () => (await testApp.db.selectFrom('visitors').select('id').execute()).length;
    const before = await visitors();
    const missing = await testApp.app.inject({ method: 'POST', url: '/api/v1/visitor/visit/web', headers: browser });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, code: 'visitor_key_missing' });
    for (const key of ['B'.repeat(43), 'short', 'x'.repeat(150)]) {
      const unknown = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/visitor/visit/web',
        headers: { ...browser, 'x-visitor-key': key },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ success: false, code: 'visitor_not_found' });
    }
    expect(await visitors()).toBe(before);
  });

  it.each([
    [{ path: 'about' }, 'path'],
    [{ path: `/${'a'.repeat(400)}` }, 'path'],
    [{ locale: 'uz' }, 'locale'],
    [{ theme: 'blue' }, 'theme'],
    [{ referrer: 'javascript:alert(1)' }, 'referrer'],
    [{ extra: 1 }, 'extra'],
  ])('rejects the visit body %j with 400 naming the field', async (payload, field) => {
    const token = await createVisitor();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      headers: { ...browser, 'x-visitor-key': token },
      payload,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, code: 'validation_failed' });
    expect(body.errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it('rejects malformed JSON with 400, not 500', async () => {
    const token = await createVisitor();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      headers: { ...browser, 'x-visitor-key': token, 'content-type': 'application/json' },
      payload: '{"path": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'bad_request' });
  });

  const counts = async () => ({
    visitors: (await testApp.db.selectFrom('visitors').select('id').execute()).length,
    visits: (await testApp.db.selectFrom('visits').select('id').execute()).length,
  });

  it("records the first visit's page, language, theme and referring host from the create call", async () => {
    const query = new URLSearchParams({
      path: '/portfolio',
      locale: 'english',
      theme: 'light',
      referrer: 'https://www.Google.com/search?q=secret',
    });
    const response = await testApp.app.inject({ url: `/api/v1/visitor/create/web?${query}`, headers: browser });
    expect(response.statusCode).toBe(200);
    const visit = await testApp.db
      .selectFrom('visits')
      .selectAll()
      .where('path', '=', '/portfolio')
      .executeTakeFirstOrThrow();
    expect(visit).toMatchObject({
      device: 'web',
      locale: 'english',
      theme: 'light',
      referrer_host: 'www.google.com',
      first_visit: 1,
    });
  });

  /** The visits of the visitor a token names, oldest first. */
  const visitsOfToken = async (token: string) =>
    testApp.db
      .selectFrom('visits')
      .select(['path', 'referrer_host', 'first_visit'])
      .where('visitor_id', '=', (await findVisitorIdByToken(testApp.db, token)) ?? '')
      .orderBy('visited_at')
      .execute();

  it('marks only the creation as a first visit', async () => {
    const token = await createVisitor();
    await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      headers: { ...browser, 'x-visitor-key': token },
      payload: { path: '/contact' },
    });
    expect((await visitsOfToken(token)).map((visit) => visit.first_visit)).toEqual([1, 0]);
  });

  it('does not count the site itself as a referrer', async () => {
    const query = new URLSearchParams({ path: '/about', referrer: 'http://sahifa.example/about' });
    const created = await testApp.app.inject({
      url: `/api/v1/visitor/create/web?${query}`,
      headers: { ...browser, host: 'sahifa.example' },
    });
    expect(await visitsOfToken(created.json().data.token)).toEqual([
      { path: '/about', referrer_host: null, first_visit: 1 },
    ]);
  });

  it.each([
    ['/', 'https://t.me/channel', '/', 't.me'],
    ['/constructor', 'http://__proto__/', '(other)', '(other)'],
    ['/__proto__', 'http://constructor/', '(other)', 'constructor'],
    ['/\n\nSecure your account: https://evil.example/\n', 'http://a_b.example/', '(other)', '(other)'],
    ['/about?x=1', 'http://xn--80ak6aa92e.com:8080/path', '(other)', 'xn--80ak6aa92e.com:8080'],
    ['/about/', 'http://[::1]:3000/', '(other)', '[::1]:3000'],
    ['/owner/inbox', "http://a'b.example/", '(other)', '(other)'],
  ])('keeps the page %j as %j and the referrer %j as %j', async (path, referrer, keptPath, keptHost) => {
    const created = await testApp.app.inject({
      url: `/api/v1/visitor/create/web?${new URLSearchParams({ path, referrer })}`,
      headers: browser,
    });
    expect(created.statusCode).toBe(200);
    const token = created.json().data.token;
    const visited = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      headers: { ...browser, 'x-visitor-key': token },
      payload: { path, referrer },
    });
    expect(visited.json().data.recorded).toBe(true);
    expect(await visitsOfToken(token)).toEqual([
      { path: keptPath, referrer_host: keptHost, first_visit: 1 },
      { path: keptPath, referrer_host: keptHost, first_visit: 0 },
    ]);
  });

  it.each([
    ['path=about', 'path'],
    ['locale=uz', 'locale'],
    ['theme=blue', 'theme'],
    ['referrer=javascript%3Aalert(1)', 'referrer'],
  ])('rejects the create query %s with 400 naming the field, and creates nobody', async (query, field) => {
    const before = await counts();
    const response = await testApp.app.inject({ url: `/api/v1/visitor/create/web?${query}`, headers: browser });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    expect(await counts()).toEqual(before);
  });

  it.each([...CRAWLER_USER_AGENTS.map((userAgent) => ({ 'user-agent': userAgent })), {}, { 'user-agent': '  ' }])(
    'a crawler (%j) gets well-formed answers and is not counted',
    async (headers) => {
      const token = await createVisitor();
      const before = await counts();
      const created = await testApp.app.inject({ url: '/api/v1/visitor/create/web?path=%2F', headers });
      expect(created.statusCode).toBe(200);
      expect(created.json().data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const visit = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/visitor/visit/web',
        headers: { ...headers, 'x-visitor-key': token },
        payload: { path: '/about' },
      });
      expect(visit.statusCode).toBe(200);
      expect(visit.json()).toEqual({ success: true, message: 'OK', data: { recorded: false } });
      expect(await counts()).toEqual(before);
      // The crawler's token names nobody: the next check says "new" again.
      const check = await testApp.app.inject({
        url: '/api/v1/visitor/check',
        headers: { ...headers, 'x-visitor-key': created.json().data.token },
      });
      expect(check.json().data.new).toBe(true);
    },
  );

  it('a request another site made (an <img> elsewhere) gets the usual answer and is not counted', async () => {
    const token = await createVisitor();
    const before = await counts();
    const crossSite = { ...browser, 'sec-fetch-site': 'cross-site' };
    const created = await testApp.app.inject({ url: '/api/v1/visitor/create/web?path=%2F', headers: crossSite });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ success: true, message: 'OK', data: { token: expect.any(String) } });
    expect(created.json().data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const visit = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      headers: { ...crossSite, 'x-visitor-key': token },
    });
    expect(visit.json()).toEqual({ success: true, message: 'OK', data: { recorded: false } });
    expect(await counts()).toEqual(before);

    // The site's own pages, a sibling subdomain, an address typed in, and older browsers that send nothing count.
    for (const site of ['same-origin', 'same-site', 'none', undefined]) {
      const headers = site === undefined ? browser : { ...browser, 'sec-fetch-site': site };
      expect((await testApp.app.inject({ url: '/api/v1/visitor/create/web', headers })).statusCode).toBe(200);
    }
    expect(await counts()).toEqual({ visitors: before.visitors + 4, visits: before.visits + 4 });
  });

  it('a browser switched off with the not_counted cookie is not counted; other cookies change nothing', async () => {
    const token = await createVisitor();
    const before = await counts();
    const switchedOff = { ...browser, cookie: 'theme=dark; not_counted=1' };
    expect((await testApp.app.inject({ url: '/api/v1/visitor/create/web', headers: switchedOff })).statusCode).toBe(
      200,
    );
    const visit = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      headers: { ...switchedOff, 'x-visitor-key': token },
    });
    expect(visit.json().data.recorded).toBe(false);
    expect(await counts()).toEqual(before);

    const counted = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      headers: { ...browser, cookie: 'not_counted=0; xnot_counted=1', 'x-visitor-key': token },
    });
    expect(counted.json().data.recorded).toBe(true);
    expect((await counts()).visits).toBe(before.visits + 1);
  });
});
