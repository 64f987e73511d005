import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../config.js';
import { queueWeeklySummary } from '../../outbox/weekly-summary-email.js';
import { createTestApp, SAME_ORIGIN, signInOwner, type TestApp, testDialect } from '../../test/helper.js';

const EMAIL: NotificationSettings = {
  // Nothing listens there: these tests never deliver, they only queue.
  email: { smtpUrl: 'smtp://127.0.0.1:9', from: 'site@example.uz', to: 'owner@example.uz' },
  telegram: undefined,
  locale: 'english',
  retrySeconds: 15,
};

describe(`the weekly summary setting on ${testDialect}`, () => {
  let testApp: TestApp;
  afterEach(async () => testApp.close());

  async function start(notifications?: NotificationSettings): Promise<string> {
    testApp = await createTestApp(notifications ? { notifications } : {});
    return signInOwner(testApp);
  }

  const get = (headers: Record<string, string>) => testApp.app.inject({ url: '/api/v1/owner/weekly-summary', headers });
  const put = (headers: Record<string, string>, payload: unknown) =>
    testApp.app.inject({ method: 'PUT', url: '/api/v1/owner/weekly-summary', headers, payload: payload as object });

  it('answers 401 without a session and 403 from another site', async () => {
    const cookie = await start(EMAIL);
    expect((await get({})).statusCode).toBe(401);
    const signedOut = await put(SAME_ORIGIN, { enabled: true });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ success: false, code: 'unauthorized' });
    const crossSite = await put({ cookie, 'sec-fetch-site': 'cross-site' }, { enabled: true });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'forbidden' });
    expect((await get({ cookie })).json().data.enabled).toBe(false);
  });

  it('is off at first, turns on and off, remembers the last week queued, and never caches', async () => {
    const cookie = await start(EMAIL);
    const first = await get({ cookie });
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json().data).toEqual({ enabled: false, day: 1, hour: 6, emailConfigured: true, lastWeek: null });

    const on = await put({ cookie, ...SAME_ORIGIN }, { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({ enabled: true, day: 1, hour: 6, emailConfigured: true, lastWeek: null });
    expect((await get({ cookie })).json().data.enabled).toBe(true);

    await queueWeeklySummary(testApp.db, { notifications: EMAIL }, new Date('2026-11-16T07:00:00Z'));
    expect((await get({ cookie })).json().data.lastWeek).toBe('2026-W46');

    const off = await put({ cookie, ...SAME_ORIGIN }, { enabled: false });
    expect(off.json().data).toEqual({ enabled: false, day: 1, hour: 6, emailConfigured: true, lastWeek: '2026-W46' });
  });

  it('cannot be turned on without e-mail, but can be turned off', async () => {
    const cookie = await start();
    expect((await get({ cookie })).json().data).toEqual({
      enabled: false,
      day: 1,
      hour: 6,
      emailConfigured: false,
      lastWeek: null,
    });
    const refused = await put({ cookie, ...SAME_ORIGIN }, { enabled: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, code: 'channel_not_configured' });
    expect((await put({ cookie, ...SAME_ORIGIN }, { enabled: false })).statusCode).toBe(200);
  });

  it.each([[{}], [{ enabled: 'yes' }], [{ enabled: true, extra: 1 }]])('refuses the body %j with 400', async (body) => {
    const cookie = await start(EMAIL);
    const response = await put({ cookie, ...SAME_ORIGIN }, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'validation_failed' });
  });

  it('is described in the OpenAPI document', async () => {
    await start(EMAIL);
    const document = (await testApp.app.inject({ url: '/api/v1/openapi.json' })).json();
    const path = document.paths['/api/v1/owner/weekly-summary'];
    expect(path.get).toBeDefined();
    expect(Object.keys(path.put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '409']));
  });
});
