import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.js';
import { sampleContent } from '../test/sample-content.js';

describe('serving the web app', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  it.each(['/', '/about', '/portfolio', '/contact', '/about/'])(
    'answers %s with the app and 200, never cached',
    async (url) => {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it.each(['/nowhere', '/about/team', '/index.html', '/contact.php'])(
    'answers %s with the app and an honest 404',
    async (url) => {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('answers an unknown API path, and a missing asset, with JSON 404', async () => {
    for (const url of ['/api/v1/nothing', '/api/v2/pages/home', '/assets/missing-123.js']) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
    }
  });

  it('puts the owner identity in the page as inert JSON and the name in the title', async () => {
    const { body } = await testApp.app.inject({ url: '/' });
    expect(body).toContain('<title>Aziza Test</title>');
    const json = /<script id="site-data" type="application\/json">(.*?)<\/script>/.exec(body)?.[1];
    expect(JSON.parse(json ?? 'null')).toEqual({ identity: testApp.content.identity });
  });

  it('describes the owner for search results and shared links', async () => {
    const { body } = await testApp.app.inject({ url: '/' });
    expect(body).toContain('<meta name="description" content="Designer (lotin). I design things." />');
    expect(body).toContain('<meta property="og:title" content="Aziza Test" />');
  });

  it('escapes the identity so content cannot break out of the JSON script', async () => {
    const content = sampleContent();
    content.identity.first_name.lotin = '</script><script>alert(1)</script>';
    const hostile = await createTestApp({}, content);
    const { body } = await hostile.app.inject({ url: '/' });
    await hostile.close();
    expect(body.match(/<script/g)).toHaveLength(2);
    expect(body).toContain('<title>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; Test</title>');
  });

  it('paints the stored theme from the first byte (data-theme from the cookie)', async () => {
    const dark = await testApp.app.inject({ url: '/about', headers: { cookie: 'a=1; theme=dark' } });
    expect(dark.body).toContain('<html data-theme="dark" lang="uz-Latn">');
    expect(dark.headers.vary).toContain('Cookie');
    const bogus = await testApp.app.inject({ url: '/', headers: { cookie: 'theme="><script>' } });
    expect(bogus.body).toContain('<html lang="uz-Latn">');
  });

  it('caches hashed assets for a year as immutable and compresses them', async () => {
    const response = await testApp.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    const favicon = await testApp.app.inject({ url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves content images under /media', async () => {
    const response = await testApp.app.inject({ url: '/media/owner.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await testApp.app.inject({ url: '/media/../home.yaml' })).statusCode).toBe(404);
  });

  it('sends strict security headers on pages and API answers', async () => {
    for (const url of ['/', '/api/v1/pages/home', '/nowhere']) {
      const { headers } = await testApp.app.inject({ url });
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("img-src 'self';");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['x-powered-by']).toBeUndefined();
    }
  });
});
