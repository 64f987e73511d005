import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';

describe('visitor API', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  async function createVisitor(device = 'web'): Promise<string> {
    const response = await testApp.app.inject({ url: `/api/v1/visitor/create/${device}` });
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

  it.each(['tablet', 'WEB', 'mobile%20', ''])('rejects the device %j with a clear 400', async (device) => {
    const response = await testApp.app.inject({ url: `/api/v1/visitor/create/${device}` });
    expect(response.statusCode).toBe(device === '' ? 404 : 400);
    expect(response.json().success).toBe(false);
    if (device !== '') expect(response.json().message).toMatch(/device must be "mobile" or "web"/);
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
      headers: { 'x-visitor-key': token },
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
      headers: { 'x-visitor-key': token },
    });
    expect(response.statusCode).toBe(200);
    expect(await visitsOf()).toBe(before + 1);
  });

  it('refuses a visit without a key or with an unknown key, and never creates a visitor', async () => {
    const visitors = async () => (await testApp.db.selectFrom('visitors').select('id').execute()).length;
    const before = await visitors();
    const missing = await testApp.app.inject({ method: 'POST', url: '/api/v1/visitor/visit/web' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, code: 'visitor_key_missing' });
    for (const key of ['B'.repeat(43), 'short', 'x'.repeat(150)]) {
      const unknown = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/visitor/visit/web',
        headers: { 'x-visitor-key': key },
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
    [{ extra: 1 }, ''],
  ])('rejects the visit body %j with 400 naming the field', async (payload, field) => {
    const token = await createVisitor();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      headers: { 'x-visitor-key': token },
      payload,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, code: 'validation_failed' });
    if (field) expect(body.errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it('rejects malformed JSON with 400, not 500', async () => {
    const token = await createVisitor();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/visitor/visit/web',
      headers: { 'x-visitor-key': token, 'content-type': 'application/json' },
      payload: '{"path": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'bad_request' });
  });
});
