import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInTestApp, type TestApp, testDialect } from '../../test/helper.js';
import { seedTraffic } from '../../test/seed-traffic.js';
import { BROWSER_USER_AGENT, CRAWLER_USER_AGENTS } from '../../test/user-agents.js';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe(`the dashboard's "Now" on ${testDialect}`, () => {
  let testApp: TestApp;
  let cookie: string;
  beforeAll(async () => {
    ({ testApp, cookie } = await createSignedInTestApp());
  });
  afterAll(async () => testApp.close());

  const now = (headers: Record<string, string> = { cookie }) =>
    testApp.app.inject({ url: '/api/v1/owner/stats/now', headers });

  /** A new visitor beginning on `path` through the visitor API, as a browser does; answers its token. */
  async function arrive(path: string, headers: Record<string, string> = { 'user-agent': BROWSER_USER_AGENT }) {
    const created = await testApp.app.inject({
      url: `/api/v1/visitor/create/web?${new URLSearchParams({ path })}`,
      headers,
    });
    expect(created.statusCode).toBe(200);
    return created.json().data.token as string;
  }

  it('answers 401 without a session', async () => {
    const response = await now({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'unauthorized' });
  });

  it('counts the last five minutes’ visitors only, each on the page of their latest visit, with titles', async () => {
    expect((await now()).json().data).toMatchObject({ visitors: 0, pages: [] });
    // Earlier: one visitor gone six minutes ago, one still reading what they opened four minutes ago,
    // one who came ten minutes ago and has moved on since.
    const tokens = await seedTraffic(testApp.db, [
      { visitor: 'gone', at: minutesAgo(6), path: '/about' },
      { visitor: 'reading', at: minutesAgo(4), path: '/' },
      { visitor: 'moving', at: minutesAgo(10), path: '/about' },
    ]);
    const moved = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      headers: { 'user-agent': BROWSER_USER_AGENT, 'x-visitor-key': tokens.get('moving') ?? '' },
      payload: { path: '/portfolio' },
    });
    expect(moved.json().data.recorded).toBe(true);
    await arrive('/portfolio');
    await arrive('/portfolio/shop');
    // Never counted: a crawler, a browser the owner switched off, the signed-in owner.
    await arrive('/about', { 'user-agent': CRAWLER_USER_AGENTS[0] ?? 'Googlebot/2.1' });
    await arrive('/about', { 'user-agent': BROWSER_USER_AGENT, cookie: 'not_counted=1' });
    await arrive('/about', { 'user-agent': BROWSER_USER_AGENT, cookie });

    const response = await now();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json().data;
    expect(data.visitors).toBe(4);
    expect(Date.now() - Date.parse(data.since)).toBeGreaterThanOrEqual(5 * 60_000);
    expect(data.pages).toEqual([
      { value: '/portfolio', visitors: 2 },
      { value: '/', visitors: 1 },
      {
        value: '/portfolio/shop',
        visitors: 1,
        titles: { lotin: 'Shop (lotin)', russian: 'Shop (russian)', english: 'Shop' },
      },
    ]);
    // The dashboard's figure says the same.
    const day = new Date().toISOString().slice(0, 10);
    const stats = await testApp.app.inject({ url: `/api/v1/owner/stats?from=${day}&to=${day}`, headers: { cookie } });
    expect(stats.json().data.now).toBe(4);
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await testApp.app.inject({ url: '/api/v1/openapi.json' })).json();
    const operation = document.paths['/api/v1/owner/stats/now'].get;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401']));
    const data = operation.responses['200'].content['application/json'].schema.properties.data;
    expect(Object.keys(data.properties)).toEqual(['visitors', 'since', 'pages']);
  });
});
