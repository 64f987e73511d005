import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/password.js';
import { saveContactMessage } from '../../repositories/contact-repository.js';
import { setPasswordHash } from '../../repositories/owner-repository.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { parseSetCookie } from '../../test/set-cookie.js';

const PASSWORD = 'correct horse battery staple';
/** Cheap parameters for tests that sign in often; the stored hash names them, so verification follows. */
const CHEAP = { logN: 10, r: 8, p: 1 };
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

/** The session's `Set-Cookie` among the answer's (a first sign-in on a browser also sets its device cookie). */
function sessionSetCookie(header: unknown): string {
  const headers = Array.isArray(header) ? header : [header];
  return String(headers.find((value) => /^(__Host-)?sahifa_session=/.test(String(value))));
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** What a signed-out browser may post: signing in (password, passkey) and the password reset. */
const SIGNED_OUT_ROUTES = new Set([
  '/api/v1/owner/session',
  '/api/v1/owner/session/passkey',
  '/api/v1/owner/passkeys/authentication-options',
  '/api/v1/owner/password-reset',
  '/api/v1/owner/password-reset/confirm',
  // The first password, with the set-up link printed at start-up (setup.test.ts).
  '/api/v1/owner/setup',
]);

describe('the owner API', () => {
  let testApp: TestApp;
  beforeEach(async () => {
    testApp = await createTestApp();
  });
  afterEach(async () => testApp.close());

  const call = (
    method: Method,
    url: string,
    options: { cookie?: string; payload?: object; headers?: object; remoteAddress?: string } = {},
  ) =>
    testApp.app.inject({
      method,
      url: `/api/v1${url}`,
      payload: options.payload,
      remoteAddress: options.remoteAddress,
      headers: {
        ...(method === 'GET' ? {} : SAME_ORIGIN),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
    });

  async function setPassword() {
    await setPasswordHash(testApp.db, await hashPassword(PASSWORD, CHEAP));
  }

  async function signIn(): Promise<string> {
    const response = await call('POST', '/owner/session', { payload: { password: PASSWORD } });
    expect(response.statusCode).toBe(200);
    const cookie = String(response.headers['set-cookie']).split(';')[0];
    return cookie ?? '';
  }

  it('says that no password is set until one is, and then that the visitor is signed out', async () => {
    const before = await call('GET', '/owner/session');
    expect(before.statusCode).toBe(401);
    expect(before.json()).toMatchObject({ success: false, code: 'owner_password_not_set' });
    expect((await call('POST', '/owner/session', { payload: { password: PASSWORD } })).json().code).toBe(
      'owner_password_not_set',
    );
    expect((await call('GET', '/owner/messages')).json().code).toBe('owner_password_not_set');
    await setPassword();
    expect((await call('GET', '/owner/session')).json().code).toBe('unauthorized');
  });

  it('signs in with the password: an HttpOnly, SameSite=Strict cookie over HTTP, and the session answers', async () => {
    await setPassword();
    const wrong = await call('POST', '/owner/session', { payload: { password: 'not the password' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password' });

    const response = await call('POST', '/owner/session', {
      payload: { password: PASSWORD },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0' },
    });
    expect(response.statusCode).toBe(200);
    const setCookie = sessionSetCookie(response.headers['set-cookie']);
    expect(parseSetCookie(setCookie)).toEqual({
      name: 'sahifa_session',
      value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      attributes: ['HttpOnly', 'Max-Age=2592000', 'Path=/', 'SameSite=Strict'],
    });
    expect(response.json().data.session).toMatchObject({ device: 'Firefox, Linux', current: true });
    const cookie = setCookie.split(';')[0] ?? '';
    const session = await call('GET', '/owner/session', { cookie });
    expect(session.statusCode).toBe(200);
    expect(session.headers['cache-control']).toBe('no-store');
    // The token is stored only as its hash.
    const rows = await testApp.db.selectFrom('owner_sessions').select('token_hash').execute();
    expect(rows.map((row) => row.token_hash)).not.toContain(cookie.split('=')[1]);
  });

  it('uses a Secure __Host- cookie over HTTPS, also behind a trusted proxy that says X-Forwarded-Proto', async () => {
    await testApp.close();
    testApp = await createTestApp({ trustProxy: true });
    await setPassword();
    const https = { 'x-forwarded-proto': 'https', host: 'sahifa.example', origin: 'https://sahifa.example' };
    const response = await call('POST', '/owner/session', { payload: { password: PASSWORD }, headers: https });
    const setCookie = sessionSetCookie(response.headers['set-cookie']);
    expect(parseSetCookie(setCookie)).toEqual({
      name: '__Host-sahifa_session',
      value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      attributes: ['HttpOnly', 'Max-Age=2592000', 'Path=/', 'SameSite=Strict', 'Secure'],
    });
    const cookie = setCookie.split(';')[0] ?? '';
    expect(
      (await call('GET', '/owner/session', { cookie, headers: { 'x-forwarded-proto': 'https' } })).statusCode,
    ).toBe(200);
    // The plain-HTTP cookie name is not accepted over HTTPS, and the other way round.
    expect((await call('GET', '/owner/session', { cookie })).statusCode).toBe(401);

    // Signing out over HTTPS expires the same __Host- cookie, with the attributes it was set with.
    const signOut = await call('DELETE', '/owner/session', { cookie, headers: https });
    expect(signOut.statusCode).toBe(200);
    expect(parseSetCookie(signOut.headers['set-cookie'])).toEqual({
      name: '__Host-sahifa_session',
      value: '',
      attributes: ['HttpOnly', 'Max-Age=0', 'Path=/', 'SameSite=Strict', 'Secure'],
    });
  });

  it('answers 401 on every owner route without a session (read from the OpenAPI document)', async () => {
    await setPassword();
    const document = (await call('GET', '/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths)
      .filter(([route]) => route.startsWith('/api/v1/owner/'))
      .flatMap(([route, methods]) =>
        Object.keys(methods).map((method) => [method.toUpperCase() as Method, route] as const),
      )
      .filter(([method, route]) => !(method === 'POST' && SIGNED_OUT_ROUTES.has(route)));
    expect(routes.length).toBeGreaterThanOrEqual(11);
    for (const [method, route] of routes) {
      const url = route.replace('/api/v1', '').replace('{id}', '7d1f8c8e-5a8a-4f5e-9a57-0a8f3c1d2e4b');
      const response = await call(method, url, {
        payload: method === 'GET' ? undefined : {},
        cookie: `sahifa_session=${'x'.repeat(43)}`,
      });
      expect(response.statusCode, `${method} ${route}`).toBe(401);
      expect(response.json().code, `${method} ${route}`).toBe('unauthorized');
    }
  });

  it('refuses a state change that does not come from the site itself with 403, even with a session', async () => {
    await setPassword();
    const cookie = await signIn();
    const [id] = await Promise.all([
      saveContactMessage(testApp.db, { name: 'Aziz', email: 'aziz@example.uz', message: 'Salom, bir savol bor.' }),
    ]);
    const change = (headers: object) =>
      testApp.app.inject({
        method: 'PATCH',
        url: `/api/v1/owner/messages/${id}`,
        payload: { state: 'trash' },
        headers: { cookie, ...headers },
      });
    for (const headers of [
      {},
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ]) {
      const response = await change(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
    const signInFromElsewhere = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/owner/session',
      payload: { password: PASSWORD },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(signInFromElsewhere.statusCode).toBe(403);
    expect((await change({ origin: 'http://localhost:80' })).statusCode).toBe(200);
    expect((await change(SAME_ORIGIN)).statusCode).toBe(200);
  });

  it('locks an address out after five wrong passwords in 15 minutes, counted in the database', async () => {
    await setPassword();
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await call('POST', '/owner/session', {
        payload: { password: 'guess' },
        remoteAddress: '10.1.1.1',
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await call('POST', '/owner/session', { payload: { password: PASSWORD }, remoteAddress: '10.1.1.1' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('rate_limited');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another address is not affected; the count is in the database, so a second process sees it too.
    expect(
      (await call('POST', '/owner/session', { payload: { password: PASSWORD }, remoteAddress: '10.1.1.2' })).statusCode,
    ).toBe(200);
    const failures = await testApp.db.selectFrom('sign_in_failures').select('address').execute();
    expect(failures.filter((row) => row.address === '10.1.1.1')).toHaveLength(5);
  });

  it('ends every session when the password changes, and ends one session on request', async () => {
    await setPassword();
    const first = await signIn();
    const second = await signIn();
    const sessions = (await call('GET', '/owner/sessions', { cookie: first })).json().data.sessions;
    expect(sessions).toHaveLength(2);
    const other = sessions.find((session: { current: boolean }) => !session.current);
    expect((await call('DELETE', `/owner/sessions/${other.id}`, { cookie: first })).statusCode).toBe(200);
    expect((await call('GET', '/owner/session', { cookie: second })).statusCode).toBe(401);
    expect((await call('GET', '/owner/session', { cookie: first })).statusCode).toBe(200);

    await setPasswordHash(testApp.db, await hashPassword('a brand new passphrase', CHEAP));
    expect((await call('GET', '/owner/session', { cookie: first })).statusCode).toBe(401);
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    await setPassword();
    const cookie = await signIn();
    const response = await call('DELETE', '/owner/session', { cookie });
    expect(response.statusCode).toBe(200);
    expect(parseSetCookie(response.headers['set-cookie'])).toEqual({
      name: 'sahifa_session',
      value: '',
      attributes: ['HttpOnly', 'Max-Age=0', 'Path=/', 'SameSite=Strict'],
    });
    expect((await call('GET', '/owner/messages', { cookie })).statusCode).toBe(401);
  });

  it('never answers a 5xx to generated bodies, queries and ids on any owner route', async () => {
    await setPassword();
    const cookie = await signIn();
    const routes: [Method, string][] = [
      ['POST', '/owner/session'],
      ['GET', '/owner/messages'],
      ['GET', '/owner/messages/export'],
      ['PATCH', '/owner/messages'],
      ['PATCH', '/owner/messages/ID'],
      ['GET', '/owner/messages/ID'],
      ['DELETE', '/owner/sessions/ID'],
      ['POST', '/owner/notifications/test'],
      ['POST', '/owner/notifications/ID/resend'],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.anything(),
        fc.string(),
        fc.dictionary(fc.constantFrom('state', 'q', 'page', 'pageSize', 'x'), fc.string()),
        async ([method, route], body, id, query) => {
          const url = `${route.replace('ID', encodeURIComponent(id) || 'x')}?${new URLSearchParams(query)}`;
          const response = await testApp.app.inject({
            method,
            url: `/api/v1${url}`,
            headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
            payload: method === 'GET' ? undefined : JSON.stringify(body ?? null),
          });
          expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});
