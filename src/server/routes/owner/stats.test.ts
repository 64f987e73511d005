import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../../shared/days.js';
import { hashPassword } from '../../auth/password.js';
import { setPasswordHash } from '../../repositories/owner-repository.js';
import { createTestApp, SAME_ORIGIN, signInOwner, type TestApp, testDialect } from '../../test/helper.js';
import { createOwnerTestApp, type OwnerTestApp, ownerHeaders } from '../../test/owner-app.js';
import { seedTraffic } from '../../test/seed-traffic.js';
import { NO_GOALS, SEEDED_EXPECTED, SEEDED_RANGE, SEEDED_VISITS } from '../../test/seeded-stats.js';
import { parseSetCookie } from '../../test/set-cookie.js';
import { BROWSER_USER_AGENT } from '../../test/user-agents.js';

const PASSWORD = 'correct horse battery staple';
const browser = { 'user-agent': BROWSER_USER_AGENT };

describe(`the owner's statistics API on ${testDialect}`, () => {
  let testApp: TestApp;
  let cookie: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedTraffic(testApp.db, SEEDED_VISITS);
    cookie = await signInOwner(testApp, PASSWORD);
  });
  afterAll(async () => testApp.close());

  const stats = (query: string, headers: Record<string, string> = { cookie }) =>
    testApp.app.inject({ url: `/api/v1/owner/stats?${query}`, headers });

  it('answers 401 without a session, and with an unknown one', async () => {
    const signedOut: Record<string, string>[] = [{}, { cookie: `sahifa_session=${'A'.repeat(43)}` }];
    for (const headers of signedOut) {
      const response = await stats('from=2026-11-10&to=2026-11-12', headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'unauthorized' });
      expect((await testApp.app.inject({ url: '/api/v1/owner/stats/this-browser', headers })).statusCode).toBe(401);
    }
  });

  it('answers the seeded figures exactly, every count a number, and never caches them', async () => {
    const response = await stats('from=2026-11-10&to=2026-11-12');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { now, ...data } = response.json().data;
    expect(typeof now).toBe('number');
    expect(data).toEqual({
      ...SEEDED_RANGE,
      interval: 'day',
      detailedSince: '2026-11-01',
      cvDownloads: { total: 0, days: [], languages: [], formats: [] },
      goals: NO_GOALS,
      ...Object.fromEntries(Object.entries(SEEDED_EXPECTED).filter(([key]) => key !== 'now')),
    });
  });

  it('answers a single day per hour, and five years less a day at most', async () => {
    const day = (await stats('from=2026-11-12&to=2026-11-12')).json().data;
    expect(day.interval).toBe('hour');
    expect(day.series.filter((point: { visits: number }) => point.visits > 0)).toEqual([
      { day: '2026-11-12', hour: 8, visitors: 1, visits: 1 },
      { day: '2026-11-12', hour: 10, visitors: 1, visits: 1 },
      { day: '2026-11-12', hour: 23, visitors: 1, visits: 1 },
    ]);
    const fiveYears = await stats('from=2021-11-13&to=2026-11-12');
    expect(fiveYears.statusCode).toBe(200);
    expect(fiveYears.json().data.series).toHaveLength(1826);
    expect(fiveYears.json().data.totals.visits).toBe(10);
  });

  it.each([
    ['from=2026-11-12&to=2026-11-10', 'to', 'reversed_range'],
    ['from=2026-02-30&to=2026-03-01', 'from', 'invalid_date'],
    ['from=2026-11-10&to=2026-13-01', 'to', 'invalid_date'],
    ['from=20261110&to=2026-11-12', 'from', 'invalid_date'],
    ['from=2021-11-12&to=2026-11-12', 'to', 'range_too_long'],
    ['to=2026-11-12', 'from', 'required'],
    ['from=2026-11-10&from=2026-11-11&to=2026-11-12', 'from', 'invalid_date'],
  ])('refuses %s with 400, naming %s: %s', async (query, field, code) => {
    const response = await stats(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'validation_failed' });
    expect(response.json().errors).toContainEqual({ field, code });
  });

  it('never answers a 5xx to any query parameters', async () => {
    const day = fc.oneof(
      fc
        .date({ min: new Date('1960-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10)),
      fc
        .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
        .map(
          ([year, month, dayOfMonth]) =>
            `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`,
        ),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(fc.option(day), fc.option(day), fc.webQueryParameters(), async (from, to, extra) => {
        const query = new URLSearchParams();
        if (from !== null) query.set('from', from);
        if (to !== null) query.set('to', to);
        const response = await stats(`${query}&${extra}`);
        expect([200, 400]).toContain(response.statusCode);
        expect(response.json().success).toBe(response.statusCode === 200);
      }),
      { numRuns: 150 },
    );
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await testApp.app.inject({ url: '/api/v1/openapi.json' })).json();
    const operation = document.paths['/api/v1/owner/stats'].get;
    expect(operation.parameters.map((parameter: { name: string; in: string }) => parameter.name).sort()).toEqual([
      'from',
      'to',
    ]);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
    expect(document.paths['/api/v1/owner/stats/this-browser'].put).toBeDefined();
  });

  it('does not count the signed-in owner; a stale session cookie counts as anybody', async () => {
    const count = async () => (await testApp.db.selectFrom('visits').select('id').execute()).length;
    const before = await count();
    const created = await testApp.app.inject({
      url: '/api/v1/visitor/create/web?path=%2F',
      headers: { ...browser, cookie },
    });
    expect(created.statusCode).toBe(200);
    const token = created.json().data.token;
    const visit = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      headers: { ...browser, cookie, 'x-visitor-key': token },
    });
    expect(visit.json().data.recorded).toBe(false);
    expect(await count()).toBe(before);

    const stale = { ...browser, cookie: `sahifa_session=${'B'.repeat(43)}` };
    expect((await testApp.app.inject({ url: '/api/v1/visitor/create/web', headers: stale })).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('switches counting this browser off and on with a long-lived HttpOnly cookie', async () => {
    const thisBrowser = (method: 'GET' | 'PUT', extra: Record<string, string> = {}, counted?: boolean) =>
      testApp.app.inject({
        method,
        url: '/api/v1/owner/stats/this-browser',
        headers: { ...SAME_ORIGIN, cookie: [cookie, ...Object.values(extra)].join('; ') },
        ...(counted === undefined ? {} : { payload: { counted } }),
      });
    expect((await thisBrowser('GET')).json().data).toEqual({ counted: true });
    const off = await thisBrowser('PUT', {}, false);
    expect(off.json().data).toEqual({ counted: false });
    expect(parseSetCookie(off.headers['set-cookie'])).toEqual({
      name: 'not_counted',
      value: '1',
      attributes: ['HttpOnly', 'Max-Age=86400000', 'Path=/', 'SameSite=Lax'],
    });
    expect((await thisBrowser('GET', { switch: 'not_counted=1' })).json().data).toEqual({ counted: false });
    const on = await thisBrowser('PUT', { switch: 'not_counted=1' }, true);
    expect(parseSetCookie(on.headers['set-cookie'])).toEqual({
      name: 'not_counted',
      value: '',
      attributes: ['HttpOnly', 'Max-Age=0', 'Path=/', 'SameSite=Lax'],
    });

    const crossSite = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v1/owner/stats/this-browser',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { counted: false },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await thisBrowser('PUT', {}, 'no' as unknown as boolean)).statusCode).toBe(400);
  });

  it('marks the switch Secure over HTTPS (here behind a trusted proxy)', async () => {
    const secureApp = await createTestApp({ trustProxy: true });
    try {
      await setPasswordHash(secureApp.db, await hashPassword(PASSWORD, { logN: 10, r: 8, p: 1 }));
      const https = { ...SAME_ORIGIN, 'x-forwarded-proto': 'https' };
      const signedIn = await secureApp.app.inject({
        method: 'POST',
        url: '/api/v1/owner/session',
        headers: https,
        payload: { password: PASSWORD },
      });
      const off = await secureApp.app.inject({
        method: 'PUT',
        url: '/api/v1/owner/stats/this-browser',
        headers: { ...https, cookie: String(signedIn.headers['set-cookie']).split(';')[0] },
        payload: { counted: false },
      });
      expect(parseSetCookie(off.headers['set-cookie'])).toEqual({
        name: 'not_counted',
        value: '1',
        attributes: ['HttpOnly', 'Max-Age=86400000', 'Path=/', 'SameSite=Lax', 'Secure'],
      });
    } finally {
      await secureApp.close();
    }
  });
});

describe(`the statistics API names the collections' pages on ${testDialect}`, () => {
  let testApp: OwnerTestApp;
  beforeAll(async () => {
    testApp = await createOwnerTestApp();
  });
  afterAll(async () => testApp.close());

  const entries = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    testApp.app.inject({
      method,
      url: `/api/v1/owner/entries${url}`,
      headers: ownerHeaders(testApp),
      ...(payload ? { payload } : {}),
    });

  /** Publishes a note written in `text`'s languages; answers its id. */
  async function publishNote(slug: string, text: Record<string, { title: string }>, id?: string): Promise<string> {
    const noteId = id ?? (await entries('POST', '/notes', { slug })).json().data.id;
    const { draft } = (await entries('GET', `/notes/${noteId}`)).json().data;
    const content = {
      slug,
      status: 'published',
      date: '2026-01-05T09:30:00Z',
      tags: [],
      text: Object.fromEntries(
        Object.entries(text).map(([locale, { title }]) => [locale, { title, summary: 'S', body: 'Body.' }]),
      ),
    };
    const saved = await entries('PUT', `/notes/${noteId}/draft`, {
      content,
      basedOn: draft.basedOn,
      revision: draft.revision,
    });
    expect(saved.statusCode).toBe(200);
    expect((await entries('POST', `/notes/${noteId}/publish`, {})).statusCode).toBe(200);
    return noteId;
  }

  /** A visit by a new visitor (no owner session) beginning on `path`, through the visitor API. */
  async function visit(path: string) {
    const created = await testApp.app.inject({
      url: `/api/v1/visitor/create/web?${new URLSearchParams({ path })}`,
      headers: browser,
    });
    expect(created.statusCode).toBe(200);
  }

  it('answers each entry page with its titles, a portfolio item with its own, and other pages with none', async () => {
    const from = dayOf(new Date());
    await publishNote('contrast-is-a-test', {
      russian: { title: 'Контраст — это тест' },
      english: { title: 'Contrast is a test' },
    });
    await publishNote('only-uzbek', { lotin: { title: 'Faqat o‘zbekcha' } });
    const gone = await publishNote('soon-deleted', { english: { title: 'Soon deleted' } });
    const renamed = await publishNote('old-name', { english: { title: 'Renamed' } });
    for (const path of [
      '/notes/contrast-is-a-test',
      '/notes/contrast-is-a-test',
      '/notes/only-uzbek',
      '/notes/soon-deleted',
      '/notes/old-name',
      '/portfolio/shop',
      '/notes',
      '/',
      '/notes/never-was',
    ]) {
      await visit(path);
    }
    expect((await entries('DELETE', `/notes/${gone}`)).statusCode).toBe(200);
    await publishNote('new-name', { english: { title: 'Renamed' } }, renamed);

    const response = await testApp.app.inject({
      url: `/api/v1/owner/stats?from=${from}&to=${dayOf(new Date())}`,
      headers: { cookie: testApp.cookie },
    });
    expect(response.statusCode).toBe(200);
    const pages: { value: string; visits: number; titles?: Record<string, string> }[] = response.json().data.pages;
    const byPath = new Map(pages.map((row) => [row.value, row]));
    expect(byPath.get('/notes/contrast-is-a-test')).toEqual({
      value: '/notes/contrast-is-a-test',
      visits: 2,
      titles: { russian: 'Контраст — это тест', english: 'Contrast is a test' },
    });
    expect(byPath.get('/notes/only-uzbek')?.titles).toEqual({ lotin: 'Faqat o‘zbekcha' });
    expect(byPath.get('/portfolio/shop')?.titles).toEqual({
      lotin: 'Shop (lotin)',
      russian: 'Shop (russian)',
      english: 'Shop',
    });
    // Deleted, renamed away, a fixed page, a made-up address: the path alone.
    for (const path of ['/notes/soon-deleted', '/notes/old-name', '/notes', '/', '(other)']) {
      expect(byPath.get(path), path).toBeDefined();
      expect(byPath.get(path), path).not.toHaveProperty('titles');
    }
  });

  it('describes the titles in the OpenAPI document', async () => {
    const document = (await testApp.app.inject({ url: '/api/v1/openapi.json' })).json();
    const schema = document.paths['/api/v1/owner/stats'].get.responses['200'].content['application/json'].schema;
    const page = schema.properties.data.properties.pages.items;
    expect(Object.keys(page.properties)).toEqual(['value', 'visits', 'titles']);
    expect(page.required).not.toContain('titles');
  });
});
