import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SVG_CONTENT_SECURITY_POLICY } from '../../pictures/media.js';
import { PICTURE_MAX_BYTES, PICTURE_MAX_PIXELS } from '../../pictures/picture-check.js';
import { publishContentVersion, saveContentDraft } from '../../repositories/content-repository.js';
import { SAME_ORIGIN, testDialect } from '../../test/helper.js';
import { multipartBody } from '../../test/multipart.js';
import {
  callContentApi,
  createOwnerTestApp,
  type OwnerTestApp,
  ownerHeaders,
  uploadPicture,
} from '../../test/owner-app.js';
import { sampleContent } from '../../test/sample-content.js';

/** A PNG whose header claims `width` × `height` pixels, with almost no data: a decompression bomb's shape. */
function claimedPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(0, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of a zip file (a local file header), as a zip renamed to .jpg starts. */
const ZIP = Buffer.concat([Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000'), Buffer.alloc(200, 7)]);

describe(`the owner's pictures API on ${testDialect}`, () => {
  let testApp: OwnerTestApp;
  let photo: Buffer;
  beforeAll(async () => {
    testApp = await createOwnerTestApp();
    photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 18/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
  });
  afterAll(async () => testApp.close());

  const upload = (file: Buffer, filename: string, path?: string, headers?: Record<string, string>) =>
    uploadPicture(testApp, file, filename, path, headers);
  const list = async () =>
    (await testApp.app.inject({ url: '/api/v1/owner/content/pictures', headers: { cookie: testApp.cookie } })).json()
      .data as {
      path: string;
      versions: number[];
      usedByPublished: boolean;
      usedByDraft: boolean;
      width: number;
      height: number;
    }[];
  const remove = (path: string) => callContentApi(testApp, 'DELETE', `/pictures/${path}`);

  it('answers 401 without a session and 403 from another site', async () => {
    expect((await testApp.app.inject({ url: '/api/v1/owner/content/pictures' })).statusCode).toBe(401);
    expect(
      (await upload(photo, 'a.jpg', undefined, { cookie: testApp.cookie, 'sec-fetch-site': 'cross-site' })).statusCode,
    ).toBe(403);
    expect((await upload(photo, 'a.jpg', undefined, SAME_ORIGIN)).statusCode).toBe(401);
  });

  it('uploads a phone photo, lists it unused with its upright size, and serves it without its GPS position', async () => {
    const uploaded = await upload(photo, 'IMG_0001.JPG', 'portfolio/phone.jpg');
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json().data).toMatchObject({
      path: 'portfolio/phone.jpg',
      contentType: 'image/jpeg',
      size: photo.length,
      width: 600,
      height: 800,
      versions: [],
      usedByPublished: false,
      usedByDraft: false,
    });
    expect(await list()).toContainEqual(expect.objectContaining({ path: 'portfolio/phone.jpg', versions: [] }));
    for (const query of ['', '?w=320&f=avif', '?w=640']) {
      // Unused, so the owner's only (pictures-privacy.test.ts).
      const served = await testApp.app.inject({
        url: `/media/portfolio/phone.jpg${query}`,
        headers: { cookie: testApp.cookie },
      });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
      expect(served.rawPayload.equals(photo)).toBe(false);
    }
    // The same bytes again are fine; other bytes under a name already taken are not.
    expect((await upload(photo, 'again.jpg', 'portfolio/phone.jpg')).statusCode).toBe(200);
    const other = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const taken = await upload(other, 'x.jpg', 'portfolio/phone.jpg');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('picture_exists');
  });

  it('lists who uses each picture, and deletes only a picture nothing uses', async () => {
    const pictures = await list();
    expect(pictures).toContainEqual(
      expect.objectContaining({ path: 'owner.svg', versions: [1], usedByPublished: true, usedByDraft: false }),
    );
    const inUse = await remove('owner.svg');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ code: 'picture_in_use' });
    expect(inUse.json().message).toContain('used by published version 1');

    // A picture only the draft names is in use too.
    await upload(photo, 'draft.jpg', 'draft.jpg');
    const draft = sampleContent();
    draft.home.photo = 'draft.jpg';
    draft.portfolio.items = draft.portfolio.items.map((item) => ({ ...item, image: 'draft.jpg' }));
    await saveContentDraft(testApp.db, { content: draft, basedOn: 1, revision: 0 });
    expect(await list()).toContainEqual(
      expect.objectContaining({ path: 'draft.jpg', usedByDraft: true, versions: [] }),
    );
    const usedByDraft = await remove('draft.jpg');
    expect(usedByDraft.json()).toMatchObject({ code: 'picture_in_use' });
    // Where, as the owner finds it in the studio.
    expect(usedByDraft.json().message).toContain('used by the draft: Home › Photo, Portfolio › Shop');

    // An older version keeps its pictures: once a newer one leaves it out, it is still in use.
    const second = sampleContent();
    second.portfolio.items = second.portfolio.items.map((item) => ({ ...item, image: 'portfolio/phone.jpg' }));
    await publishContentVersion(testApp.db, second, { source: 'editor' });
    await publishContentVersion(testApp.db, sampleContent(), { source: 'editor' });
    expect(await list()).toContainEqual(
      expect.objectContaining({ path: 'portfolio/phone.jpg', versions: [2], usedByPublished: false }),
    );
    const usedByOlder = await remove('portfolio/phone.jpg');
    expect(usedByOlder.statusCode).toBe(409);
    expect(usedByOlder.json().message).toContain('used by version 2 (in the history)');

    await upload(photo, 'unused.jpg', 'unused.jpg');
    const removed = await remove('unused.jpg');
    expect(removed.statusCode).toBe(200);
    expect(
      (await testApp.app.inject({ url: '/media/unused.jpg', headers: { cookie: testApp.cookie } })).statusCode,
    ).toBe(404);
    expect((await remove('unused.jpg')).statusCode).toBe(404);
  });

  it('refuses a file that is not what its name says, a truncated one, and a decompression bomb, naming the problem', async () => {
    const cases: [Buffer, string, string][] = [
      [ZIP, 'archive.jpg', 'picture_unreadable'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'page.jpg', 'picture_unreadable'],
      [
        await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
        'png.jpg',
        'picture_type_mismatch',
      ],
      [photo.subarray(0, Math.floor(photo.length / 2)), 'half.jpg', 'picture_unreadable'],
      [claimedPng(30_000, 30_000), 'bomb.png', 'picture_too_many_pixels'],
      [photo, 'photo.svg', 'picture_type_mismatch'],
    ];
    for (const [bytes, name, code] of cases) {
      const response = await upload(bytes, name);
      expect(response.statusCode, name).toBe(422);
      expect(response.json(), name).toMatchObject({ success: false, code });
    }
    expect((await upload(claimedPng(30_000, 30_000), 'bomb.png')).json().message).toContain('30000 × 30000');
    expect(30_000 * 30_000).toBeGreaterThan(PICTURE_MAX_PIXELS);
  });

  it('refuses an SVG that could run code or load anything, and sandboxes a safe one', async () => {
    const unsafe: [string, string][] = [
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', '<script>'],
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'onload'],
      [
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
        'javascript:',
      ],
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://tracker.example/pixel.png"/></svg>',
        'https://tracker.example/pixel.png',
      ],
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><use href="http://evil.example/sprite.svg#a"/></svg>',
        'http://evil.example/sprite.svg#a',
      ],
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.example/a.css);</style></svg>',
        '@import',
      ],
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="data:text/html,x"/></foreignObject></svg>',
        '<iframe>',
      ],
      [
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY s "&#60;script&#62;">]><svg xmlns="http://www.w3.org/2000/svg">&s;</svg>',
        'ENTITY',
      ],
    ];
    // Read as XML, as a browser opening the file does: not as HTML, where these would be text.
    unsafe.push(
      ['<svg xmlns="http://www.w3.org/2000/svg"><p/><textarea><script>alert(1)</script></textarea></svg>', '<script>'],
      ['<svg xmlns="http://www.w3.org/2000/svg"><rect fill="url(http://evil.example/p.svg#g)"/></svg>', 'url('],
      ['<svg xmlns="http://www.w3.org/2000/svg"><style>rect{fill:u\\72l(http://evil.example/a)}</style></svg>', 'url('],
    );
    for (const [svg, named] of unsafe) {
      const response = await upload(Buffer.from(svg), 'unsafe.svg');
      expect(response.statusCode, svg).toBe(422);
      expect(response.json(), svg).toMatchObject({ code: 'picture_unsafe_svg' });
      expect(response.json().message, svg).toContain(named);
      // What was found comes apart too, for the studio to name it.
      expect(
        (response.json().errors as { field: string }[]).some((error) => error.field.includes(named)),
        svg,
      ).toBe(true);
    }
    const safe = await upload(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30"><defs><linearGradient id="g"><stop offset="0" stop-color="#0d6973"/></linearGradient></defs><rect width="40" height="30" fill="url(#g)"/><use href="#g"/></svg>',
      ),
      'logo.svg',
      'logos/safe.svg',
    );
    expect(safe.statusCode).toBe(201);
    expect(safe.json().data).toMatchObject({ width: 40, height: 30, contentType: 'image/svg+xml' });
    const served = await testApp.app.inject({ url: '/media/logos/safe.svg', headers: { cookie: testApp.cookie } });
    expect(served.headers['content-security-policy']).toBe(SVG_CONTENT_SECURITY_POLICY);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it(`refuses a picture over ${PICTURE_MAX_BYTES / 1024 / 1024} MB with 413, and forms that are not uploads`, async () => {
    const tooLarge = await upload(Buffer.concat([photo, Buffer.alloc(PICTURE_MAX_BYTES)]), 'huge.jpg');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'picture_too_large' });

    const json = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/owner/content/pictures',
      headers: ownerHeaders(testApp),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const noFile = multipartBody([{ name: 'path', value: 'a.jpg' }]);
    const missing = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/owner/content/pictures',
      headers: { ...ownerHeaders(testApp), ...noFile.headers },
      payload: noFile.payload,
    });
    expect(missing.json()).toMatchObject({ code: 'picture_missing' });
    const badName = await upload(photo, 'a.jpg', '../../etc/passwd.jpg');
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'path', code: 'invalid_format' }],
    });
    expect((await upload(photo, 'a.gif')).statusCode).toBe(400);
  });

  it('appears in the OpenAPI document', async () => {
    const document = (await testApp.app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/owner/content/pictures', '/api/v1/owner/content/pictures/{*}']),
    );
  });
});
