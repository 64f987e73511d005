import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from './auth/password.js';
import { setPasswordHash } from './repositories/owner-repository.js';
import { createTestApp, type TestApp } from './test/helper.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const PASSWORD = 'correct horse battery staple';

/**
 * Whatever a client sends — any JSON, any text, any header, any path — the answer is a 2xx or a
 * 4xx in the one error shape, never a 5xx.
 */
describe('bad input never gets a 500', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ contactRateLimit: { max: 100_000, windowMinutes: 1 } });
  });
  afterAll(async () => testApp.close());

  const routes = [
    { method: 'POST' as const, url: '/api/v1/contact' },
    { method: 'POST' as const, url: '/api/v1/visitor/visit/web' },
    { method: 'GET' as const, url: '/api/v1/visitor/check' },
  ];

  function expectClientAnswer(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode >= 400 && String(response.headers['content-type']).startsWith('application/json')) {
      expect(JSON.parse(response.body)).toMatchObject({
        success: false,
        code: expect.any(String),
        message: expect.any(String),
      });
    }
  }

  it('any JSON body, with or without a visitor key', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.jsonValue({ maxDepth: 3 }),
        fc.option(fc.string({ maxLength: 60 })),
        async (route, body, key) => {
          const response = await testApp.app.inject({
            method: route.method,
            url: route.url,
            payload: route.method === 'POST' ? JSON.stringify(body) : undefined,
            headers: {
              ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}),
              ...(key === null ? {} : { 'x-visitor-key': key.replace(/[^\x20-\x7e]/g, '') }),
            },
          });
          expectClientAnswer(response);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('any text posing as JSON, and any content type', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes.filter((route) => route.method === 'POST')),
        fc.string({ maxLength: 200 }),
        fc.constantFrom(
          'application/json',
          'application/json; charset=latin1',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          '',
        ),
        async (route, payload, contentType) => {
          const response = await testApp.app.inject({
            method: 'POST',
            url: route.url,
            payload,
            headers: contentType ? { 'content-type': contentType } : {},
          });
          expectClientAnswer(response);
        },
      ),
      { numRuns: 300 },
    );
  });

  /** Every route the OpenAPI document lists, owner routes included, with its path parameters as `{name}`. */
  function documentedRoutes(): { method: Method; url: string }[] {
    const document = testApp.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(document.paths).flatMap(([url, operations]) =>
      METHODS.filter((method) => method.toLowerCase() in operations).map((method) => ({ method, url })),
    );
  }

  it('every documented route, signed in as the owner: any path parameters, query and JSON body', async () => {
    await setPasswordHash(testApp.db, await hashPassword(PASSWORD, { logN: 10, r: 8, p: 1 }));
    const signIn = async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/owner/session',
        headers: { 'sec-fetch-site': 'same-origin' },
        payload: { password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      return String(response.headers['set-cookie']).split(';')[0] ?? '';
    };
    let cookie = await signIn();
    // Signing out would end the session the other routes are fuzzed with; it takes no input anyway.
    const routes = documentedRoutes().filter(
      (route) => !(route.method === 'DELETE' && route.url === '/api/v1/owner/session'),
    );
    expect(routes.filter((route) => route.url.startsWith('/api/v1/owner/')).length).toBeGreaterThan(10);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(fc.string({ maxLength: 40 }), { minLength: 3, maxLength: 3 }),
        fc.webQueryParameters(),
        fc.jsonValue({ maxDepth: 3 }),
        async (route, parameters, query, body) => {
          let index = 0;
          const path = route.url.replace(/\{[^}]+\}/g, () => encodeURIComponent(parameters[index++ % 3] ?? ''));
          const response = await testApp.app.inject({
            method: route.method,
            url: `${path}?${query}`,
            headers: {
              cookie,
              'sec-fetch-site': 'same-origin',
              ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
            },
            payload: route.method === 'GET' ? undefined : JSON.stringify(body),
          });
          expectClientAnswer(response);
          // A fuzzed DELETE of /owner/sessions/{id} may only end another session; sign in again if not.
          if (response.statusCode === 401) cookie = await signIn();
        },
      ),
      { numRuns: 400 },
    );
  });

  it('any path and query under the API and the site', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/v1/pages/', '/api/v1/visitor/create/', '/media/', '/', '/api/v1/'),
        fc.webPath(),
        fc.webQueryParameters(),
        async (prefix, path, query) => {
          const response = await testApp.app.inject({
            method: 'GET',
            url: `${prefix}${path.replace(/^\//, '')}?${query}`,
          });
          expectClientAnswer(response);
        },
      ),
      { numRuns: 300 },
    );
  });
});
