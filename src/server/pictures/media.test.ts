import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_WIDTHS, pictureVersion } from '../../shared/media.js';
import type { SiteContent } from '../../shared/schemas/content.js';
import type { Db } from '../db/database.js';
import { pictureSummaryByPath, storePicture } from '../repositories/picture-repository.js';
import { createTestApp, type TestApp, testDialect } from '../test/helper.js';
import { SVG_CONTENT_SECURITY_POLICY } from './media.js';
import { checkPicture } from './picture-check.js';

async function store(db: Db, picturePath: string, bytes: Buffer) {
  const checked = await checkPicture(picturePath, bytes);
  await storePicture(db, { path: picturePath, bytes, ...checked });
}

/** A phone photo as it comes: 1000 × 750 pixels stored sideways (EXIF orientation 6), with a GPS position. */
function phonePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1000,
      height: 750,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg()
    .withExif({ IFD0: { Make: 'Phone', Model: 'Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 18/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The content with a project more for each of `pictures`, showing it. */
function servedWith(content: SiteContent, pictures: string[]): SiteContent {
  const served = structuredClone(content);
  const [first] = served.portfolio.items;
  if (!first) throw new Error('the sample has a project');
  served.portfolio.items.push(...pictures.map((image, index) => ({ ...first, id: `project-${index}`, image })));
  return served;
}

describe(`GET /media/* on ${testDialect}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    const photo = await phonePhoto();
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    await store(testApp.db, 'photo.jpg', photo);
    await store(
      testApp.db,
      'flat.png',
      await sharp({ create: { width: 400, height: 300, channels: 4, background: '#0d6973' } })
        .png()
        .toBuffer(),
    );
    // Visitors see the served version's pictures only: these two are in it.
    testApp.app.contentState.replace(servedWith(testApp.content, ['photo.jpg', 'flat.png']), 1);
  });
  afterAll(async () => testApp.close());

  it('sends an SVG as stored, sandboxed even when its address is opened directly', async () => {
    const response = await testApp.app.inject({ url: '/media/owner.svg?w=320' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['content-security-policy']).toBe(SVG_CONTENT_SECURITY_POLICY);
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain('<svg');
  });

  it('serves from the database only: a file in the folder that was never imported is 404', async () => {
    writeFileSync(path.join(testApp.contentDir, 'images', 'stray.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await testApp.app.inject({ url: '/media/stray.svg' })).statusCode).toBe(404);
  });

  it('removes every piece of metadata (the GPS position too) and applies the orientation in every variant and the original', {
    timeout: 120_000,
  }, async () => {
    const answers = [
      ...MEDIA_WIDTHS.flatMap((width) => [`?w=${width}&f=avif`, `?w=${width}&f=webp`, `?w=${width}`]),
      '',
    ];
    for (const query of answers) {
      const response = await testApp.app.inject({ url: `/media/photo.jpg${query}` });
      expect(response.statusCode, query).toBe(200);
      const metadata = await sharp(response.rawPayload).metadata();
      expect(metadata.exif, query).toBeUndefined();
      expect(metadata.xmp, query).toBeUndefined();
      expect(metadata.iptc, query).toBeUndefined();
      expect(metadata.icc, query).toBeUndefined();
      expect(metadata.comments ?? [], query).toEqual([]);
      expect(metadata.orientation ?? 1, query).toBe(1);
      expect(response.rawPayload.includes(Buffer.from('Exif\0')), query).toBe(false);
      // Turned upright: the stored 1000 × 750 becomes 750 wide and 1000 high.
      expect(metadata.height > metadata.width, query).toBe(true);
    }
  });

  it('answers the asked format and width, never enlarged, and serves the same bytes from the cache', async () => {
    const avif = await testApp.app.inject({ url: '/media/photo.jpg?w=480&f=avif' });
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 480 });
    const webp = await testApp.app.inject({ url: '/media/photo.jpg?w=480' });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 640 });
    const again = await testApp.app.inject({ url: '/media/photo.jpg?w=480' });
    expect(again.rawPayload.equals(webp.rawPayload)).toBe(true);
    const large = await testApp.app.inject({ url: '/media/flat.png?w=1600&f=avif' });
    expect((await sharp(large.rawPayload).metadata()).width).toBe(400);
    const original = await testApp.app.inject({ url: '/media/photo.jpg' });
    expect(original.headers['content-type']).toBe('image/jpeg');
    const png = await testApp.app.inject({ url: '/media/flat.png' });
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('has a strong ETag made from the picture, answers 304 to it, and allows an hour of caching', async () => {
    const first = await testApp.app.inject({ url: '/media/photo.jpg?w=320&f=avif' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{20}-320-avif"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const revalidated = await testApp.app.inject({
      url: '/media/photo.jpg?w=320&f=avif',
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    const svg = await testApp.app.inject({ url: '/media/owner.svg' });
    const svgAgain = await testApp.app.inject({
      url: '/media/owner.svg',
      headers: { 'if-none-match': svg.headers.etag as string },
    });
    expect(svgAgain.statusCode).toBe(304);
  });

  it('lets an address with the picture’s current version be kept for a year, and no other', async () => {
    const picture = await pictureSummaryByPath(testApp.db, 'photo.jpg');
    const version = pictureVersion(picture?.sha256 ?? '');
    const versioned = await testApp.app.inject({ url: `/media/photo.jpg?w=320&f=avif&v=${version}` });
    expect(versioned.statusCode).toBe(200);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await testApp.app.inject({ url: '/media/photo.jpg?w=320&f=avif' });
    expect(versioned.rawPayload.equals(plain.rawPayload)).toBe(true);
    // A page made before the picture was replaced names an older version: the current bytes, kept an hour.
    for (const v of ['000000000000', `${version}0`, '']) {
      const stale = await testApp.app.inject({ url: `/media/photo.jpg?w=320&f=avif&v=${v}` });
      expect(stale.statusCode).toBe(200);
      expect(stale.headers['cache-control']).toBe('public, max-age=3600');
    }
    const repeated = await testApp.app.inject({ url: `/media/photo.jpg?v=${version}&v=${version}` });
    expect(repeated.statusCode).toBe(200);
    expect(repeated.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('never lets an error or a 304 be kept for a year: 404 and 400 are no-store, a 304 an hour', async () => {
    const picture = await pictureSummaryByPath(testApp.db, 'photo.jpg');
    const version = pictureVersion(picture?.sha256 ?? '');
    const svg = await pictureSummaryByPath(testApp.db, 'owner.svg');
    const svgVersion = pictureVersion(svg?.sha256 ?? '');
    for (const url of [
      `/media/photo.jpg?w=333&v=${version}`,
      `/media/photo.jpg?w=320&f=gif&v=${version}`,
      `/media/nothing.png?v=${version}`,
      `/media/nothing.png?w=320&v=${version}`,
    ]) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    for (const [url, etagOf] of [
      [`/media/photo.jpg?w=320&f=avif&v=${version}`, '/media/photo.jpg?w=320&f=avif'],
      [`/media/owner.svg?v=${svgVersion}`, '/media/owner.svg'],
    ] as const) {
      const etag = (await testApp.app.inject({ url: etagOf })).headers.etag as string;
      const revalidated = await testApp.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(revalidated.statusCode, url).toBe(304);
      expect(revalidated.headers['cache-control'], url).toBe('public, max-age=3600');
    }
  });

  it('makes a variant once when many visitors ask for it at the same moment', async () => {
    const cache = path.join(path.dirname(testApp.contentDir), 'cache', 'pictures');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => testApp.app.inject({ url: '/media/flat.png?w=320&f=avif' })),
    );
    const first = answers[0]?.rawPayload ?? Buffer.alloc(0);
    for (const answer of answers) expect(answer.rawPayload.equals(first)).toBe(true);
    expect(existsSync(cache)).toBe(true);
    expect(readdirSync(cache).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  });

  it('makes the variants of the pictures a newly served version names ahead, before any visitor asks', async () => {
    const cache = path.join(path.dirname(testApp.contentDir), 'cache', 'pictures');
    const content = servedWith(testApp.content, ['photo.jpg']);
    content.home.photo = 'flat.png';
    testApp.app.contentState.replace(content, 2);
    const { sha256 } = (await pictureSummaryByPath(testApp.db, 'flat.png')) ?? { sha256: '' };
    // The home photo's widths up to 1024 (its layout's largest), AVIF and WebP; 400 px wide, so the
    // wider ones are the same file as 400.
    const expected = ['320', '400'].flatMap((width) => [`${sha256}-${width}.avif`, `${sha256}-${width}.webp`]);
    const started = Date.now();
    while (!expected.every((file) => existsSync(path.join(cache, file))) && Date.now() - started < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(readdirSync(cache)).toEqual(expect.arrayContaining(expected));
  });

  it('refuses other widths and formats with 400 and unknown or escaping paths with 404', async () => {
    for (const url of ['/media/photo.jpg?w=333', '/media/photo.jpg?w=320&f=gif']) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'bad_request' });
    }
    for (const url of [
      '/media/nothing.png',
      '/media/../home.yaml',
      '/media/%2e%2e/home.yaml',
      '/media/portfolio/../../home.yaml',
    ]) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
