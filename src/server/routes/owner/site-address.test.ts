import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  anotherProcess,
  createSignedInTestApp,
  createTestApp,
  SAME_ORIGIN,
  signInOwner,
  type TestApp,
  testAppConfig,
  testDialect,
} from '../../test/helper.js';
import { waitFor } from '../../test/server-process.js';

const FALLBACK = 'http://localhost:3000';
/** A Telegram channel that is never reached: the test reads the queued job, not its delivery. */
const TELEGRAM = { botToken: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ', chatId: '42', apiUrl: 'http://127.0.0.1:9' };

function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
}

describe(`the site's address in Settings on ${testDialect}`, () => {
  let testApp: TestApp;
  let cookie: string;
  const others: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    ({ testApp, cookie } = await createSignedInTestApp({ siteOrigin: FALLBACK }));
  });
  afterEach(async () => {
    for (const close of others.splice(0)) await close();
  });
  afterAll(async () => {
    await testApp.close();
  });

  const get = () => testApp.app.inject({ url: '/api/v1/owner/site-address', headers: { cookie } });
  const put = (address: unknown, app = testApp.app) =>
    app.inject({
      method: 'PUT',
      url: '/api/v1/owner/site-address',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { address },
    });

  /** Another process on the same database: its own app, address and jobs. */
  async function secondProcess(): Promise<FastifyInstance> {
    const other = await anotherProcess(testApp, { siteOrigin: FALLBACK });
    others.push(other.close);
    return other.app;
  }

  it('is unset at first: pages use the fixed local address, and the owner is told', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ address: null, source: 'none', served: FALLBACK });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('needs the owner: no session, no address', async () => {
    expect((await testApp.app.inject({ url: '/api/v1/owner/site-address' })).statusCode).toBe(401);
    const foreign = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v1/owner/site-address',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { address: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it.each([
    ['', 'required'],
    ['aziza', 'invalid_url'],
    ['ftp://aziza.example', 'invalid_url'],
    ['https://aziza.example/portfolio', 'not_origin'],
    ['https://aziza.example/?lang=english', 'not_origin'],
    ['https://aziza.example#top', 'not_origin'],
    ['https://owner:secret@aziza.example', 'not_origin'],
    ['http://aziza.example', 'https_required'],
    ['http://192.168.1.20:3000', 'https_required'],
  ])('refuses %j with the field error %s, which the owner area says in words', async (address, code) => {
    const response = await put(address);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ field: 'address', code }] });
    expect((await get()).json().data.source).toBe('none');
  });

  it('refuses a body that is not an address without a 500', async () => {
    for (const address of [42, null, ['https://a.example'], 'https://a.example'.padEnd(300, 'x')]) {
      expect((await put(address)).statusCode).toBe(400);
    }
  });

  it.each([
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://127.0.0.1:3000/', 'http://127.0.0.1:3000'],
  ])('takes plain http on this machine: %s', async (address, origin) => {
    const response = await put(address);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ address: origin, source: 'setting', served: origin });
  });

  it('saves the origin alone, and pages, the sitemap, robots.txt and the CV use it at once', async () => {
    const before = await testApp.app.inject({ url: '/about?lang=english' });
    const response = await put('  https://Aziza.Example/  ');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      address: 'https://aziza.example',
      source: 'setting',
      served: 'https://aziza.example',
    });
    expect((await get()).json().data.address).toBe('https://aziza.example');

    const page = await testApp.app.inject({ url: '/about?lang=english' });
    expect(canonicalOf(page.body)).toBe('https://aziza.example/about?lang=english');
    expect(page.body).toContain('hreflang="ru" href="https://aziza.example/about?lang=russian"');
    expect(page.body).toContain('<meta property="og:url" content="https://aziza.example/about?lang=english"');
    expect(page.body).not.toContain('localhost');
    // A page kept under its ETag is not answered "unchanged" once the address changed.
    expect(page.headers.etag).not.toBe(before.headers.etag);
    const revalidated = await testApp.app.inject({
      url: '/about?lang=english',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(200);

    const sitemap = await testApp.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.body).toContain('<loc>https://aziza.example/</loc>');
    expect(sitemap.body).not.toContain('localhost');
    expect((await testApp.app.inject({ url: '/robots.txt' })).body).toContain(
      'Sitemap: https://aziza.example/sitemap.xml',
    );
    const cv = await testApp.app.inject({ url: '/cv/english.json' });
    expect(cv.body).toContain('https://aziza.example/about?lang=english');
  });

  it('reaches another process on the same database without a restart', async () => {
    await put('https://first.example');
    const other = await secondProcess();
    expect(canonicalOf((await other.inject({ url: '/' })).body)).toBe('https://first.example/');
    expect((await put('https://second.example')).statusCode).toBe(200);
    // The other process reads the stored address again every second.
    await waitFor(async () => (await other.inject({ url: '/sitemap.xml' })).body.includes('https://second.example/'));
    expect(canonicalOf((await other.inject({ url: '/' })).body)).toBe('https://second.example/');
    expect(other.siteAddress.origin).toBe('https://second.example');
  });
});

describe(`e-mails and the authenticator entry name the stored address on ${testDialect}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      siteOrigin: FALLBACK,
      notifications: { ...testAppConfig('/tmp', '/tmp').notifications, telegram: TELEGRAM },
    });
  });
  afterAll(async () => testApp.close());

  it('links a reset message and the authenticator entry to the address saved in Settings', async () => {
    const cookie = await signInOwner(testApp);
    await testApp.app.siteAddress.save('https://aziza.example');
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/owner/password-reset',
      payload: {},
      headers: SAME_ORIGIN,
    });
    expect(reset.statusCode).toBe(200);
    const job = await testApp.db
      .selectFrom('notification_jobs')
      .select('payload')
      .where('kind', '=', 'password_reset')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(job.payload ?? '{}').origin).toBe('https://aziza.example');
    const totp = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/owner/second-factor/setup',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { password: 'correct horse battery staple' },
    });
    expect(totp.body).toContain('aziza.example');
  });
});

describe(`PUBLIC_URL wins over the setting on ${testDialect}`, () => {
  let testApp: TestApp;
  let cookie: string;
  beforeAll(async () => {
    ({ testApp, cookie } = await createSignedInTestApp({
      publicUrl: 'https://env.example',
      siteOrigin: 'https://env.example',
    }));
  });
  afterAll(async () => testApp.close());

  it('shows the environment as the source and refuses a change with its own code', async () => {
    const state = await testApp.app.inject({ url: '/api/v1/owner/site-address', headers: { cookie } });
    expect(state.json().data).toEqual({
      address: 'https://env.example',
      source: 'environment',
      served: 'https://env.example',
    });
    const refused = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v1/owner/site-address',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { address: 'https://other.example' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('site_address_from_environment');
  });

  it('keeps the environment address in pages even with an address stored before', async () => {
    await testApp.app.siteAddress.save('https://stored.example');
    expect(canonicalOf((await testApp.app.inject({ url: '/' })).body)).toBe('https://env.example/');
    expect((await testApp.app.inject({ url: '/sitemap.xml' })).body).not.toContain('stored.example');
  });
});
