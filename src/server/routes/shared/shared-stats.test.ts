import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsShare } from '../../../shared/schemas/stats-shares.js';
import { hashPassword } from '../../auth/password.js';
import { saveContactMessage } from '../../repositories/contact-repository.js';
import { createTestApp, SAME_ORIGIN, signInOwner, type TestApp, testDialect } from '../../test/helper.js';
import { seedTraffic } from '../../test/seed-traffic.js';
import { SEEDED_RANGE, SEEDED_VISITS } from '../../test/seeded-stats.js';
import { SHARE_PASSWORD_TRIES } from './shared-stats.js';

const RANGE = `from=${SEEDED_RANGE.from}&to=${SEEDED_RANGE.to}`;
const MESSAGE = { name: 'Dilnoza Yusupova', email: 'dilnoza.secret@example.uz', message: 'Maxfiy taklif: 9137' };
const OWNER_ROUTES = [
  '/api/v1/owner/messages',
  '/api/v1/owner/stats?from=2026-11-10&to=2026-11-12',
  '/api/v1/owner/stats/shares',
  '/api/v1/owner/session',
  '/api/v1/owner/notifications',
  '/api/v1/owner/security',
];

describe(`shared statistics links on ${testDialect}`, () => {
  let testApp: TestApp;
  let cookie: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedTraffic(testApp.db, SEEDED_VISITS);
    await saveContactMessage(testApp.db, MESSAGE);
    cookie = await signInOwner(testApp);
  });
  afterAll(async () => testApp.close());

  const create = (payload: unknown, headers: Record<string, string> = { cookie, ...SAME_ORIGIN }) =>
    testApp.app.inject({ method: 'POST', url: '/api/v1/owner/stats/shares', headers, payload: payload as object });
  const list = async () =>
    (await testApp.app.inject({ url: '/api/v1/owner/stats/shares', headers: { cookie } })).json().data.shares;
  const revoke = (id: string) =>
    testApp.app.inject({
      method: 'DELETE',
      url: `/api/v1/owner/stats/shares/${id}`,
      headers: { cookie, ...SAME_ORIGIN },
    });
  const shared = (token: string, query = RANGE, headers: Record<string, string> = {}) =>
    testApp.app.inject({ url: `/api/v1/shared/${token}/stats?${query}`, headers });
  const unlock = (token: string, password: unknown) =>
    testApp.app.inject({ method: 'POST', url: `/api/v1/shared/${token}/unlock`, payload: { password } });
  const cheapen = async (id: string, password: string) =>
    testApp.db
      .updateTable('stats_shares')
      .set({ password_hash: await hashPassword(password, { logN: 10, r: 8, p: 1 }) })
      .where('id', '=', id)
      .execute();
  const make = async (payload: object) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(200);
    return response.json().data as { token: string; share: StatsShare };
  };

  it('lets only the signed-in owner make, list and revoke links, from the site itself', async () => {
    expect((await create({ name: 'x', expiresInDays: null }, SAME_ORIGIN)).statusCode).toBe(401);
    expect((await testApp.app.inject({ url: '/api/v1/owner/stats/shares' })).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'DELETE', url: '/api/v1/owner/stats/shares/x' })).statusCode).toBe(403);
    expect((await create({ name: 'x', expiresInDays: null }, { cookie })).statusCode).toBe(403);
    expect(
      (await testApp.app.inject({ method: 'DELETE', url: '/api/v1/owner/stats/shares/x', headers: SAME_ORIGIN }))
        .statusCode,
    ).toBe(401);
  });

  it('makes a link with a cleaned name, lists it, and shows its token once, stored only as a hash', async () => {
    const { token, share } = await make({ name: '  For\u0007 the\u202e   recruiter  ', expiresInDays: 30 });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(share).toMatchObject({ name: 'For the recruiter', hasPassword: false, expired: false, lastViewedAt: null });
    const days = (Date.parse(share.expiresAt ?? '') - Date.parse(share.createdAt)) / 86_400_000;
    expect(days).toBe(30);
    const listed = await list();
    expect(listed).toContainEqual(share);
    expect(JSON.stringify(listed)).not.toContain(token);
    const rows = await testApp.db.selectFrom('stats_shares').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.find((row) => row.id === share.id)?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    [{}, 'name'],
    [{ name: '   ', expiresInDays: null }, 'name'],
    [{ name: '\u0000\u0001', expiresInDays: 7 }, 'name'],
    [{ name: 'x'.repeat(81), expiresInDays: 7 }, 'name'],
    [{ name: 'ok', expiresInDays: 3 }, 'expiresInDays'],
    [{ name: 'ok', expiresInDays: '7' }, 'expiresInDays'],
    [{ name: 'ok', expiresInDays: 7, password: 'short' }, 'password'],
    [{ name: 'ok', expiresInDays: 7, password: 'x'.repeat(201) }, 'password'],
    [{ name: 'ok', expiresInDays: 7, extra: true }, ''],
  ])('refuses the body %j with 400, naming %s', async (payload, field) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'validation_failed' });
    if (field) expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it('answers the same figures as the owner’s route, nothing from messages, never cached nor indexed', async () => {
    const { token, share } = await make({ name: 'Figures', expiresInDays: null });
    const response = await shared(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-robots-tag']).toContain('noindex');
    const owner = await testApp.app.inject({ url: `/api/v1/owner/stats?${RANGE}`, headers: { cookie } });
    const { now: _sharedNow, ...sharedData } = response.json().data;
    const { now: _ownerNow, ...ownerData } = owner.json().data;
    expect(sharedData).toEqual(ownerData);
    expect(sharedData.totals.visits).toBeGreaterThan(0);
    for (const secret of [MESSAGE.name, MESSAGE.email, MESSAGE.message, 'dilnoza']) {
      expect(response.body.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(Object.keys(response.json().data)).not.toContain('messages');
    // Seen: the owner's list says when, to the hour.
    const seen = (await list()).find((item: { id: string }) => item.id === share.id);
    expect(seen.lastViewedAt).toMatch(/T\d\d:00:00\.000Z$/);
    // The query is checked as the owner's is.
    const reversed = await shared(token, 'from=2026-11-12&to=2026-11-10');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toContainEqual({ field: 'to', code: 'reversed_range' });
  });

  it('opens no owner route with the token as a cookie, a header or in the path', async () => {
    const { token } = await make({ name: 'Not a key', expiresInDays: null });
    const tries: Record<string, string>[] = [
      { cookie: `sahifa_session=${token}` },
      { cookie: `__Host-sahifa_session=${token}` },
      { cookie: `sahifa_shared=${token}` },
      { authorization: `Bearer ${token}` },
      { 'x-share-token': token },
    ];
    for (const url of OWNER_ROUTES) {
      for (const headers of tries) {
        const response = await testApp.app.inject({ url, headers });
        expect([401, 404]).toContain(response.statusCode);
        expect(response.body).not.toContain(MESSAGE.email);
      }
    }
    for (const path of ['messages', 'owner/messages', '../owner/messages', 'stats/../../owner/messages', 'shares']) {
      const response = await testApp.app.inject({ url: `/api/v1/shared/${token}/${path}` });
      expect([401, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain(MESSAGE.email);
    }
  });

  it('answers 404 alike for an unknown, malformed, revoked or expired link', async () => {
    const { token, share } = await make({ name: 'Short-lived', expiresInDays: 1 });
    expect((await shared(token)).statusCode).toBe(200);
    const revoked = await revoke(share.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.shares.map((item: { id: string }) => item.id)).not.toContain(share.id);
    expect((await revoke(share.id)).statusCode).toBe(404);
    for (const gone of [token, 'A'.repeat(43), 'short', `${token}x`]) {
      const response = await shared(gone);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
      expect(response.headers['x-robots-tag']).toContain('noindex');
    }
    // Expired: the day passed.
    const later = await make({ name: 'Expires', expiresInDays: 1 });
    await testApp.db
      .updateTable('stats_shares')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', later.share.id)
      .execute();
    expect((await shared(later.token)).statusCode).toBe(404);
    expect((await unlock(later.token, 'whatever')).statusCode).toBe(404);
    expect((await list()).find((item: { id: string }) => item.id === later.share.id)).toMatchObject({ expired: true });
    // The page: 404 for a link that does not work, 200 for one that does, neither indexed nor kept.
    const page = await testApp.app.inject({ url: `/shared/${later.token}` });
    expect(page.statusCode).toBe(404);
    expect(page.headers['x-robots-tag']).toContain('noindex');
    const live = await make({ name: 'Page', expiresInDays: 7 });
    const livePage = await testApp.app.inject({ url: `/shared/${live.token}` });
    expect(livePage.statusCode).toBe(200);
    expect(livePage.headers['x-robots-tag']).toContain('noindex');
    expect(livePage.headers['cache-control']).toBe('private, no-store');
  });

  it('asks for the password, refuses a wrong one with a code, limits tries per link, and opens with the right one', async () => {
    const password = 'kuzgi hisobot 2026';
    const { token, share } = await make({ name: 'With a password', expiresInDays: 7, password });
    expect(share).toMatchObject({ hasPassword: true });
    const row = await testApp.db.selectFrom('stats_shares').selectAll().where('id', '=', share.id).executeTakeFirst();
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(row)).not.toContain(password);
    // From here on a cheap hash of the same password (as signInOwner's): the tries below each check one.
    await cheapen(share.id, password);

    const locked = await shared(token);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toMatchObject({ success: false, code: 'share_password_required' });
    expect((await unlock(token, '')).statusCode).toBe(400);
    expect((await unlock(token, 'x'.repeat(201))).statusCode).toBe(400);

    const wrong = await unlock(token, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, code: 'wrong_password' });
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const right = await unlock(token, password);
    expect(right.statusCode).toBe(200);
    const setCookie = String(right.headers['set-cookie']);
    expect(setCookie).toContain(`Path=/api/v1/shared/${token}`);
    expect(setCookie).toContain('HttpOnly');
    const unlocked = setCookie.split(';')[0] ?? '';
    expect((await shared(token, RANGE, { cookie: unlocked })).statusCode).toBe(200);
    // The cookie is this link's: a forged one, or one for another link, opens nothing.
    const forged = unlocked.replace(/\.[^.]+$/, '.AAAA');
    expect((await shared(token, RANGE, { cookie: forged })).statusCode).toBe(401);
    const other = await make({ name: 'Other', expiresInDays: 7, password: 'another password' });
    await cheapen(other.share.id, 'another password');
    expect((await shared(other.token, RANGE, { cookie: unlocked })).statusCode).toBe(401);
    // Nor does it open an owner route.
    expect(
      (await testApp.app.inject({ url: '/api/v1/owner/messages', headers: { cookie: unlocked } })).statusCode,
    ).toBe(401);

    // The tries are counted per link: the others of this window, then 429 even for the right password.
    for (let tried = 2; tried < SHARE_PASSWORD_TRIES; tried++) {
      expect((await unlock(token, `guess ${tried}`)).statusCode).toBe(401);
    }
    const limited = await unlock(token, password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another link's tries are its own.
    expect((await unlock(other.token, 'another password')).statusCode).toBe(200);
    // Revoked: the cookie opens nothing any more.
    await revoke(share.id);
    expect((await shared(token, RANGE, { cookie: unlocked })).statusCode).toBe(404);
  });
});
