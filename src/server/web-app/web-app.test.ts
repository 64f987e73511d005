import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictureVersion } from '../../shared/media.js';
import { pictureSummaryByPath } from '../repositories/picture-repository.js';
import { expectBrotliFromMemory } from '../test/from-memory.js';
import { createTestApp, type TestApp } from '../test/helper.js';
import { sampleContent } from '../test/sample-content.js';

describe('serving the web app', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  it.each(['/', '/about', '/portfolio', '/contact', '/about/'])(
    'answers %s with the app and 200, never kept by a shared cache unless PAGE_CACHE_SECONDS says so',
    async (url) => {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, no-cache');
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

  it('puts the owner identity and the pictures’ sizes in the page as inert JSON and the name in the title', async () => {
    const { body } = await testApp.app.inject({ url: '/' });
    expect(body).toContain('<title>Aziza Test</title>');
    const json = /<script id="site-data" type="application\/json">(.*?)<\/script>/.exec(body)?.[1];
    const photo = await pictureSummaryByPath(testApp.db, testApp.content.home.photo);
    expect(photo).toBeDefined();
    const version = pictureVersion(photo?.sha256 ?? '');
    expect(JSON.parse(json ?? 'null')).toEqual({
      identity: testApp.content.identity,
      pictures: {
        [testApp.content.home.photo]: { width: photo?.width, height: photo?.height, version },
        'portfolio/shop.svg': expect.objectContaining({ width: expect.any(Number) }),
      },
      // No note is published: the header links "Notes" in no language.
      notesLocales: [],
    });
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
    // The JSON-LD and site-data blocks and the app's module script: nothing the owner wrote.
    expect(body.match(/<script/g)).toHaveLength(3);
    expect(body).not.toContain('<script>alert');
    expect(body).toContain('<title>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; Test</title>');
  });

  it('paints the stored theme from the first byte (data-theme from the cookie)', async () => {
    const dark = await testApp.app.inject({ url: '/about', headers: { cookie: 'a=1; theme=dark' } });
    expect(dark.body).toContain('<html lang="uz-Latn" data-theme="dark">');
    expect(dark.headers.vary).toContain('Cookie');
    const bogus = await testApp.app.inject({ url: '/', headers: { cookie: 'theme="><script>' } });
    expect(bogus.body).toContain('<html lang="uz-Latn">');
  });

  it('answers each page variant from memory with a strong ETag and 304, per theme cookie', async () => {
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const first = await expectBrotliFromMemory(testApp, '/about', headers);
    expect(first.headers.vary).toBe('Accept-Encoding, Cookie');
    const etag = String(first.headers.etag);
    const notModified = await testApp.app.inject({ url: '/about', headers: { ...headers, 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    const dark = await testApp.app.inject({
      url: '/about',
      headers: { ...headers, 'if-none-match': etag, cookie: 'theme=dark' },
    });
    expect(dark.statusCode).toBe(200);
    expect(dark.headers.etag).not.toBe(etag);
    // A 404 is never turned into a 304.
    const missing = await testApp.app.inject({ url: '/nowhere', headers });
    const missingAgain = await testApp.app.inject({
      url: '/nowhere',
      headers: { ...headers, 'if-none-match': String(missing.headers.etag) },
    });
    expect(missingAgain.statusCode).toBe(404);
  });

  it("takes the owner's text literally ($' and $& are not replacement patterns)", async () => {
    const content = sampleContent();
    content.identity.first_name.lotin = "Dilnoza$'";
    content.identity.last_name.lotin = '$&$`';
    const literal = await createTestApp({}, content);
    const { body } = await literal.app.inject({ url: '/' });
    await literal.close();
    expect(body.match(/<\/html>/g)).toHaveLength(1);
    expect(body).toContain('<title>Dilnoza$&#39; $&#38;$`</title>');
    const json = /<script id="site-data" type="application\/json">(.*?)<\/script>/.exec(body)?.[1];
    expect(JSON.parse(json ?? 'null').identity.first_name.lotin).toBe("Dilnoza$'");
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
      expect(csp).toContain("default-src 'none'");
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

describe('pages a shared cache may keep (decision 040)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ pageCacheSeconds: 300 });
  });
  afterAll(async () => testApp.close());

  const PUBLIC = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400';

  it.each(['/', '/about', '/portfolio', '/contact', '/about?lang=russian', '/?lang=english'])(
    'lets a cache keep %s asked for without cookies, and sets no cookie',
    async (url) => {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(PUBLIC);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
      expect(response.headers.etag).toMatch(/^"v\d+/);
    },
  );

  it.each(['locale=russian', 'theme=dark', 'sahifa_session=anything', 'not_counted=1', '_ga=GA1.1.1; locale=english'])(
    'keeps a page private for a request with the cookie %s',
    async (cookie) => {
      const response = await testApp.app.inject({ url: '/about', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-cache');
    },
  );

  it("lets a cache keep a first visit whose only cookies are another site's", async () => {
    const response = await testApp.app.inject({ url: '/about', headers: { cookie: '_ga=GA1.1.1; cf_clearance=x' } });
    expect(response.headers['cache-control']).toBe(PUBLIC);
  });

  it('keeps the 404 page (a random joke) and the owner area private', async () => {
    for (const url of ['/nowhere', '/owner', '/owner/settings']) {
      const response = await testApp.app.inject({ url });
      expect(response.headers['cache-control'], url).toBe('private, no-cache');
    }
  });
});
