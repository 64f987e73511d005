import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishContentVersion } from './repositories/content-repository.js';
import { createTestApp, SAME_ORIGIN, signInOwner, type TestApp } from './test/helper.js';
import { sampleContent } from './test/sample-content.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

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
    const signIn = () => signInOwner(testApp);
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

  /** Every place in a JSON value, as the keys and indexes that lead to it. */
  function placesIn(value: unknown, at: (string | number)[] = []): (string | number)[][] {
    if (typeof value !== 'object' || value === null) return [at];
    const children = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
    return [at, ...children.flatMap(([key, child]) => placesIn(child, [...at, key]))];
  }

  function withValueAt(content: unknown, place: (string | number)[], value: unknown): unknown {
    if (place.length === 0) return value;
    const copy = structuredClone(content) as Record<string | number, unknown>;
    let parent = copy;
    for (const key of place.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
    const last = place.at(-1) as string | number;
    if (value === undefined) delete parent[last];
    else parent[last] = value;
    return copy;
  }

  it('the content store, signed in: drafts made from real content with any value anywhere, then every content route', async () => {
    const headers = { cookie: await signInOwner(testApp), ...SAME_ORIGIN };
    await publishContentVersion(testApp.db, sampleContent(), { source: 'files' });
    const content = sampleContent();
    const places = placesIn(content);
    const reference = fc.oneof(
      fc.constant('draft'),
      fc.integer({ min: -1, max: 6 }).map(String),
      fc.string({ maxLength: 12 }),
    );
    const action = fc.oneof(
      fc.record({
        kind: fc.constant('publish' as const),
        note: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 600 }), fc.jsonValue({ maxDepth: 1 })),
      }),
      fc.record({ kind: fc.constant('compare' as const), from: reference, to: reference }),
      fc.record({ kind: fc.constant('export' as const), version: reference }),
      fc.record({ kind: fc.constant('restore' as const), version: reference }),
      fc.record({ kind: fc.constant('draft' as const) }),
      fc.record({ kind: fc.constant('preview' as const), path: fc.webPath(), query: fc.webQueryParameters() }),
    );
    const urlOf = (step: {
      kind: string;
      note?: unknown;
      from?: string;
      to?: string;
      version?: string;
      path?: string;
      query?: string;
    }): { method: 'GET' | 'POST'; url: string; payload?: unknown } => {
      const part = (value: unknown) => encodeURIComponent(String(value));
      switch (step.kind) {
        case 'publish':
          return { method: 'POST' as const, url: '/publish', payload: { note: step.note } };
        case 'compare':
          return { method: 'GET' as const, url: `/versions/${part(step.from)}/compare/${part(step.to)}` };
        case 'export':
          return { method: 'GET' as const, url: `/export.zip?version=${part(step.version)}` };
        case 'restore':
          return { method: 'POST' as const, url: `/versions/${part(step.version)}/restore`, payload: {} };
        case 'preview':
          return { method: 'GET' as const, url: `/preview${step.path}?${step.query}` };
        default:
          return { method: 'GET' as const, url: '/draft' };
      }
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...places),
        // 'keep' leaves the content valid, so that publishing succeeds now and then.
        fc.oneof(fc.constant('keep' as const), fc.constant(undefined), fc.jsonValue({ maxDepth: 3 })),
        fc.oneof(fc.constant('current' as const), fc.integer({ min: -2, max: 5 })),
        fc.oneof(fc.constant(1), fc.constant(null), fc.integer({ min: -1, max: 6 })),
        fc.array(action, { minLength: 1, maxLength: 3 }),
        async (place, value, revision, basedOn, steps) => {
          const current = await testApp.app.inject({ url: '/api/v1/owner/content/draft', headers });
          expectClientAnswer(current);
          const saved = await testApp.app.inject({
            method: 'PUT',
            url: '/api/v1/owner/content/draft',
            headers,
            payload: {
              content: value === 'keep' ? content : withValueAt(content, place, value),
              basedOn,
              revision: revision === 'current' ? current.json().data.draft.revision : revision,
            },
          });
          expectClientAnswer(saved);
          for (const step of steps) {
            const { method, url, payload } = urlOf(step);
            expectClientAnswer(
              await testApp.app.inject({
                method,
                url: `/api/v1/owner/content${url}`,
                headers,
                ...(payload ? { payload } : {}),
              }),
            );
          }
        },
      ),
      { numRuns: 200 },
    );

    // What no generator above makes: a draft nested past the stack's depth, a very long list, a huge text.
    // Written as text: JSON.stringify itself gives up at that depth.
    const deep = `${'{"next":'.repeat(20_000)}"bottom"${'}'.repeat(20_000)}`;
    const { about: _about, ...rest } = content;
    for (const draftContent of [
      `${JSON.stringify(rest).slice(0, -1)},"about":${deep}}`,
      JSON.stringify({
        ...content,
        home: { ...content.home, highlights: Array.from({ length: 50_000 }, (_, i) => i) },
      }),
      JSON.stringify({ ...content, footer: { ...content.footer, description: { lotin: 'x'.repeat(900_000) } } }),
    ]) {
      const { revision } = (await testApp.app.inject({ url: '/api/v1/owner/content/draft', headers })).json().data
        .draft;
      const saved = await testApp.app.inject({
        method: 'PUT',
        url: '/api/v1/owner/content/draft',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: `{"content":${draftContent},"basedOn":null,"revision":${revision}}`,
      });
      expectClientAnswer(saved);
      for (const url of ['/draft', '/versions/1/compare/draft', '/versions/draft/compare/1', '/translations']) {
        expectClientAnswer(await testApp.app.inject({ url: `/api/v1/owner/content${url}`, headers }));
      }
      expectClientAnswer(
        await testApp.app.inject({ method: 'POST', url: '/api/v1/owner/content/publish', headers, payload: {} }),
      );
    }
  }, 120_000);

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
