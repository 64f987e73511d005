import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SAME_ORIGIN, signInOwner, type TestApp, testDialect } from '../../test/helper.js';
import { multipartBody } from '../../test/multipart.js';

const EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'svg', 'gif', 'JPG', ''];

/**
 * Whatever an upload carries (broken forms, random bytes under any picture name, real pictures cut
 * short or with bytes flipped, SVG fragments), the answer is a 2xx or a 4xx in the one error shape.
 */
describe(`picture uploads never get a 5xx on ${testDialect}`, () => {
  let testApp: TestApp;
  let headers: Record<string, string>;
  let pictures: Buffer[];
  beforeAll(async () => {
    testApp = await createTestApp();
    headers = { cookie: await signInOwner(testApp), ...SAME_ORIGIN };
    const base = sharp({ create: { width: 64, height: 48, channels: 3, background: '#1a7f5a' } });
    pictures = [
      await base.clone().jpeg().toBuffer(),
      await base.clone().png().toBuffer(),
      await base.clone().webp().toBuffer(),
      await base.clone().avif().toBuffer(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3"/></svg>'),
    ];
  });
  afterAll(async () => testApp.close());

  function expectClientAnswer(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
    expect(response.statusCode, response.body).toBeLessThan(500);
    if (response.statusCode >= 400) {
      expect(JSON.parse(response.body)).toMatchObject({ success: false, code: expect.any(String) });
    }
  }

  const post = (payload: Buffer, contentType: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/owner/content/pictures',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });

  it('any bytes as a multipart body, with any boundary', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), fc.string({ maxLength: 80 }), async (bytes, boundary) => {
        const contentType = `multipart/form-data; boundary=${boundary.replace(/[^\x20-\x7e]/g, '')}`;
        expectClientAnswer(await post(Buffer.from(bytes), contentType));
      }),
      { numRuns: 200 },
    );
  });

  it('a well-formed form carrying damaged pictures, random bytes and odd names', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 4 }),
        fc.oneof(
          fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
          fc.record({
            kind: fc.constant('flip' as const),
            at: fc.nat(),
            value: fc.nat({ max: 255 }),
            count: fc.nat({ max: 40 }),
          }),
          fc.record({ kind: fc.constant('random' as const), bytes: fc.uint8Array({ maxLength: 3000 }) }),
          fc.record({ kind: fc.constant('text' as const), text: fc.string({ maxLength: 400 }) }),
        ),
        fc.constantFrom(...EXTENSIONS),
        fc.option(fc.string({ maxLength: 60 })),
        fc.boolean(),
        async (which, damage, extension, path, extraFile) => {
          const original = pictures[which] ?? Buffer.alloc(0);
          let file: Buffer;
          if (damage.kind === 'cut') file = original.subarray(0, damage.at % (original.length + 1));
          else if (damage.kind === 'flip') {
            file = Buffer.from(original);
            for (let index = 0; index < damage.count; index++) {
              file[(damage.at + index * 97) % file.length] = (damage.value + index) % 256;
            }
          } else if (damage.kind === 'random') file = Buffer.from(damage.bytes);
          else file = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${damage.text}</svg>`);
          const parts = [
            ...(path === null ? [] : [{ name: 'path', value: path }]),
            { name: 'file', value: file, filename: `picture${extension ? `.${extension}` : ''}` },
            ...(extraFile ? [{ name: 'file', value: file, filename: 'second.png' }] : []),
          ];
          const body = multipartBody(parts);
          expectClientAnswer(await post(body.payload, body.headers['content-type']));
        },
      ),
      { numRuns: 250 },
    );
  });
});
