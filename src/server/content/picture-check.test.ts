import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pictureProcessesStarted } from '../serving/picture-process.js';
import { checkPicture, PictureError } from './picture-check.js';

async function codeOf(picturePath: string, bytes: Buffer): Promise<string> {
  try {
    await checkPicture(picturePath, bytes);
    return 'accepted';
  } catch (error) {
    if (error instanceof PictureError) return `${error.code}: ${error.message}`;
    throw error;
  }
}

const ftyp = (...brands: string[]) => {
  const box = Buffer.alloc(8 + brands.length * 4 + 4);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(brands[0] ?? 'isom', 8, 'latin1');
  brands.forEach((brand, index) => {
    box.write(brand, 16 + index * 4, 'latin1');
  });
  return Buffer.concat([box, Buffer.alloc(200, 1)]);
};

describe('the picture check', () => {
  it('refuses junk and other formats from their first bytes in the server, starting no picture process', async () => {
    const started = pictureProcessesStarted();
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(300, 7)]);
    expect(await codeOf('archive.jpg', zip)).toMatch(/^picture_unreadable: archive\.jpg is not a picture/);
    expect(await codeOf('page.png', Buffer.from('<html><script>alert(1)</script></html>'))).toMatch(
      /^picture_unreadable/,
    );
    expect(
      await codeOf('random.webp', Buffer.from(Array.from({ length: 500 }, (_, index) => (index * 37) % 256))),
    ).toMatch(/^picture_unreadable/);
    expect(await codeOf('cat.jpg', Buffer.from('GIF89a\u0001\u0000\u0001\u0000'))).toBe(
      'picture_type_mismatch: cat.jpg is named as image/jpeg but holds image/gif',
    );
    expect(await codeOf('phone.avif', ftyp('heic', 'mif1', 'heic'))).toBe(
      'picture_type_mismatch: phone.avif is named as image/avif but holds image/heic',
    );
    expect(await codeOf('clip.avif', ftyp('isom', 'mp41'))).toMatch(/^picture_unreadable/);
    expect(await codeOf('png.jpg', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe(
      'picture_type_mismatch: png.jpg is named as image/jpeg but holds image/png',
    );
    expect(pictureProcessesStarted()).toBe(started);
  });

  it('decodes every accepted raster format in one picture process, with its upright size; the process is let go when idle', async () => {
    const started = pictureProcessesStarted();
    const base = sharp({ create: { width: 64, height: 48, channels: 3, background: '#1a7f5a' } });
    const sideways = await base.clone().jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await checkPicture('sideways.jpg', sideways)).toMatchObject({
      contentType: 'image/jpeg',
      width: 48,
      height: 64,
    });
    for (const [name, bytes, type] of [
      ['flat.png', await base.clone().png().toBuffer(), 'image/png'],
      ['flat.webp', await base.clone().webp().toBuffer(), 'image/webp'],
      ['flat.avif', await base.clone().avif().toBuffer(), 'image/avif'],
    ] as const) {
      expect(await checkPicture(name, bytes)).toMatchObject({ contentType: type, width: 64, height: 48 });
    }
    const noisy = await sharp({
      create: {
        width: 400,
        height: 300,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    expect(await codeOf('half.jpg', noisy.subarray(0, noisy.length / 2))).toBe(
      'picture_unreadable: half.jpg is truncated or corrupt: it cannot be decoded',
    );
    // One process for the whole burst; after two idle seconds it is gone and the next check starts another.
    expect(pictureProcessesStarted()).toBe(started + 1);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await checkPicture('sideways.jpg', sideways)).toMatchObject({ width: 48 });
    expect(pictureProcessesStarted()).toBe(started + 2);
  });
});
