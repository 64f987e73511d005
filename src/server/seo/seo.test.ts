import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRenderer, ServerEntry } from '../../shared/page-rendering.js';
import { ConfigError, loadConfig } from '../config.js';
import { publishContent } from '../content/publish-content.js';
import { checkPicture } from '../pictures/picture-check.js';
import { storePicture } from '../repositories/picture-repository.js';
import { createTestApp, SAME_ORIGIN, signInOwner, type TestApp, testDialect } from '../test/helper.js';
import { multipartBody } from '../test/multipart.js';

const ORIGIN = 'https://aziza.example';

/** The web app's own server bundle, from source (Vitest compiles it), for its titles in every language. */
async function sourceRenderer(content: TestApp['content']): Promise<PageRenderer> {
  const entry = path.resolve(import.meta.dirname, '../../web/entry-server.tsx');
  const module = (await import(/* @vite-ignore */ entry)) as ServerEntry;
  return module.createPageRenderer(content);
}

function attribute(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1]?.replaceAll('&#38;', '&');
}

function jsonLd(html: string): Record<string, unknown> {
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null') as Record<string, unknown>;
}

describe('search engines and shared links', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    const base = await createTestApp();
    const renderer = await sourceRenderer(base.content);
    await base.close();
    testApp = await createTestApp({ publicUrl: ORIGIN }, undefined, { pageRenderer: renderer });
  });
  afterAll(async () => testApp.close());
  const page = async (url: string, cookie?: string) =>
    (await testApp.app.inject({ url, headers: cookie ? { cookie } : {} })).body;

  it.each([
    ['/', 'lotin', 'uz-Latn', 'Aziza Test - Bosh sahifa', `${ORIGIN}/`],
    ['/about?lang=russian', 'russian', 'ru', 'Азиза Тест - Обо мне', `${ORIGIN}/about?lang=russian`],
    ['/portfolio?lang=english', 'english', 'en', 'Aziza Test - Portfolio', `${ORIGIN}/portfolio?lang=english`],
    ['/contact?lang=lotin', 'lotin', 'uz-Latn', "Aziza Test - Bog'lanish", `${ORIGIN}/contact`],
  ])(
    '%s is in %s: html lang, title, description and canonical address',
    async (url, locale, lang, title, canonical) => {
      const html = await page(url);
      expect(html).toContain(`<html lang="${lang}">`);
      expect(attribute(html, /<title>([^<]*)<\/title>/)?.replaceAll('&#39;', "'")).toBe(title);
      expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toBe(canonical);
      expect(attribute(html, /<meta property="og:url" content="([^"]*)"/)).toBe(canonical);
      const description = attribute(html, /<meta name="description" content="([^"]*)"/) ?? '';
      expect(description).toContain(testApp.content.identity.role[locale as 'lotin']);
      expect(description.length).toBeLessThanOrEqual(160);
    },
  );

  it('links every language of a page, and x-default, on every page', async () => {
    for (const [url, path] of [
      ['/', '/'],
      ['/about?lang=english', '/about'],
      ['/contact', '/contact'],
    ]) {
      const html = await page(url ?? '');
      const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((match) => [
        match[1],
        match[2],
      ]);
      expect(alternates).toEqual([
        ['uz-Latn', `${ORIGIN}${path}`],
        ['ru', `${ORIGIN}${path}?lang=russian`],
        ['en', `${ORIGIN}${path}?lang=english`],
        ['x-default', `${ORIGIN}${path}`],
      ]);
    }
  });

  it("renders a returning visitor's saved language from the cookie, and ?lang= over it", async () => {
    expect(await page('/about', 'locale=english')).toContain('<html lang="en">');
    expect(await page('/about?lang=russian', 'locale=english')).toContain('<html lang="ru">');
    expect(await page('/about?lang=klingon', 'locale=bogus')).toContain('<html lang="uz-Latn">');
    const english = await page('/about', 'locale=english');
    expect(attribute(english, /<link rel="canonical" href="([^"]*)"/)).toBe(`${ORIGIN}/about?lang=english`);
  });

  it('keeps the 404 page out of search results', async () => {
    const response = await testApp.app.inject({ url: '/nowhere?lang=english' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
    expect(response.body).not.toContain('rel="canonical"');
    expect(response.body).toContain('<title>Aziza Test - 404 – Not found</title>');
  });

  it('describes the owner as a schema.org Person', async () => {
    const person = jsonLd(await page('/?lang=russian'));
    expect(person).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Азиза Тест',
      jobTitle: 'Designer (russian)',
      url: `${ORIGIN}/`,
      sameAs: ['https://github.com/example'],
      email: 'mailto:owner@example.com',
    });
    expect(String(person.image)).toMatch(new RegExp(`^${ORIGIN}/og/russian\\.jpg\\?v=`));
  });

  it('gives every language a 1200×630 preview picture for shared links', async () => {
    const sizes = new Set<number>();
    for (const locale of ['lotin', 'russian', 'english']) {
      const html = await page(`/?lang=${locale}`);
      const image = attribute(html, /<meta property="og:image" content="([^"]*)"/) ?? '';
      expect(image.startsWith(`${ORIGIN}/og/${locale}.jpg?v=`)).toBe(true);
      expect(attribute(html, /<meta name="twitter:image" content="([^"]*)"/)).toBe(image);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html).toContain('<meta property="og:image:width" content="1200" />');
      const response = await testApp.app.inject({ url: image.slice(ORIGIN.length) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      const metadata = await sharp(response.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1200, 630]);
      sizes.add(response.rawPayload.length);
    }
    // Each language has its own picture (the name and role are written in it).
    expect(sizes.size).toBe(3);
    expect((await testApp.app.inject({ url: '/og/klingon.jpg' })).statusCode).toBe(404);
  });

  it('lists every page in every language in /sitemap.xml, with its alternates', async () => {
    const response = await testApp.app.inject({ url: '/sitemap.xml' });
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    // The four pages and the fixture's one portfolio item's own page, in three languages (no notes yet).
    expect(locations).toHaveLength(15);
    for (const path of ['/', '/about', '/portfolio', '/contact', '/portfolio/shop']) {
      expect(locations).toContain(`${ORIGIN}${path}`);
      expect(locations).toContain(`${ORIGIN}${path}?lang=russian`);
      expect(locations).toContain(`${ORIGIN}${path}?lang=english`);
    }
    expect(response.body.match(/<url>/g)).toHaveLength(15);
    expect(response.body.match(/hreflang="x-default"/g)).toHaveLength(15);
    expect(response.body).toContain(`<xhtml:link rel="alternate" hreflang="ru" href="${ORIGIN}/about?lang=russian"/>`);
  });

  it('points crawlers at the sitemap in /robots.txt', async () => {
    const response = await testApp.app.inject({ url: '/robots.txt' });
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('User-agent: *');
    expect(response.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(response.body).not.toMatch(/Disallow: \/\s*$/m);
    // Shared statistics links are no pages for a crawler (decision 043).
    expect(response.body).toContain('Disallow: /shared/');
    expect(response.body).toContain('Disallow: /api/v1/shared/');
  });

  it('never lets a Host header choose the addresses without PUBLIC_URL: a fixed origin from the configuration', async () => {
    const plain = await createTestApp({ siteOrigin: 'http://localhost:3000' });
    const get = async (url: string, host: string) => (await plain.app.inject({ url, headers: { host } })).body;
    for (const host of ['x"><script>alert(1)</script>', 'attacker.example', 'site.example:8080']) {
      expect(await get('/about', host)).toContain('<link rel="canonical" href="http://localhost:3000/about" />');
      expect(await get('/robots.txt', host)).toContain('Sitemap: http://localhost:3000/sitemap.xml');
      expect(await get('/sitemap.xml', host)).not.toMatch(/attacker|site\.example|script/);
    }
    await plain.close();
  });
});

describe(`the preview picture from the database on ${testDialect}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ publicUrl: ORIGIN });
  });
  afterAll(async () => testApp.close());

  const solid = (background: string) =>
    sharp({ create: { width: 300, height: 400, channels: 3, background } })
      .jpeg()
      .toBuffer();
  const previewAddress = async () => {
    const html = (await testApp.app.inject({ url: '/?lang=english' })).body;
    return attribute(html, /<meta property="og:image" content="([^"]*)"/) ?? '';
  };
  /** The preview picture's colour in the middle of the photo's column (its left 480 px). */
  const photoColour = async (address: string) => {
    const response = await testApp.app.inject({ url: address.slice(ORIGIN.length) });
    expect(response.statusCode).toBe(200);
    const { data } = await sharp(response.rawPayload)
      .extract({ left: 200, top: 300, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return [...data];
  };
  const isRed = ([red = 0, green = 0, blue = 0]: number[]) => red > 200 && green < 60 && blue < 60;

  it("shows a photo uploaded through the owner's API, and its address changes with the photo's bytes", async () => {
    const before = await previewAddress();
    expect(isRed(await photoColour(before))).toBe(false);

    const cookie = await signInOwner(testApp, 'preview password');
    const body = multipartBody([
      { name: 'path', value: 'me/red.jpg' },
      { name: 'file', value: await solid('#ff0000'), filename: 'red.jpg', type: 'image/jpeg' },
    ]);
    const uploaded = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/owner/content/pictures',
      headers: { ...SAME_ORIGIN, cookie, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    // Stored in the database only: the content folder has no such file.
    const content = { ...testApp.content, home: { ...testApp.content.home, photo: 'me/red.jpg' } };
    await publishContent(testApp.db, testApp.app.contentState, content, { source: 'editor' });

    const red = await previewAddress();
    expect(red).toMatch(new RegExp(`^${ORIGIN}/og/english\\.jpg\\?v=`));
    expect(red).not.toBe(before);
    expect(isRed(await photoColour(red))).toBe(true);

    // New bytes under the same path (as a content folder import replaces them), in a new version.
    const blueBytes = await solid('#0000ff');
    await storePicture(
      testApp.db,
      { path: 'me/red.jpg', bytes: blueBytes, ...(await checkPicture('me/red.jpg', blueBytes)) },
      { replace: true },
    );
    await publishContent(testApp.db, testApp.app.contentState, content, { source: 'editor' });
    const blue = await previewAddress();
    expect(blue).not.toBe(red);
    const [r = 0, g = 0, b = 0] = await photoColour(blue);
    expect([r < 60, g < 60, b > 200]).toEqual([true, true, true]);
  });
});

describe('PUBLIC_URL', () => {
  it('takes an origin and drops a trailing slash; unset, the site origin is a fixed local one', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://aziza.example/' }).publicUrl).toBe('https://aziza.example');
    expect(loadConfig({ PUBLIC_URL: 'https://aziza.example/' }).siteOrigin).toBe('https://aziza.example');
    expect(loadConfig({ PORT: '8080' }).siteOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({}).publicUrl).toBeUndefined();
  });

  it.each([
    'aziza.example',
    'ftp://aziza.example',
    'https://aziza.example/site',
    'https://u:p@aziza.example',
    'https://aziza.example/?x=1',
  ])('refuses %s with a clear message', (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL: use the site's origin/);
  });
});
