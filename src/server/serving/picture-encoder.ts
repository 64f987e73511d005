// The child process that makes a picture's variants (picture-variants.ts starts one per batch and it
// exits when done), so decoding a 12-megapixel photo and encoding AVIF never grow the server's own
// memory: glibc keeps what libvips and the AVIF encoder once took, long after they freed it.
import { rename, writeFile } from 'node:fs/promises';
import type { EncodeRequest, EncodeResult } from './picture-variants.js';

process.once('message', async (message: EncodeRequest) => {
  const send = (result: EncodeResult) =>
    new Promise<void>((resolve) => {
      process.send?.(result, () => resolve());
    });
  try {
    const sharp = (await import('sharp')).default;
    sharp.cache(false);
    sharp.concurrency(1);
    const bytes = Buffer.from(message.bytes);
    const widths = message.jobs.flatMap(({ spec }) => (spec.width === 'original' ? [] : [spec.width]));
    // Decoded once, shrunk to the widest variant asked for; every resized variant is made from that.
    const shrunk =
      widths.length === 0
        ? undefined
        : await sharp(bytes, { limitInputPixels: false, sequentialRead: true })
            .rotate()
            .toColourspace('srgb')
            .resize({ width: Math.max(...widths), withoutEnlargement: true })
            .raw()
            .toBuffer({ resolveWithObject: true });
    for (const { spec, target } of message.jobs) {
      try {
        // sharp writes no metadata unless asked: EXIF (GPS included), XMP, IPTC, ICC and comments are
        // left out, the orientation applied by rotate(), the colours converted to sRGB.
        let image: import('sharp').Sharp;
        if (spec.width === 'original' || !shrunk) {
          image = sharp(bytes, { limitInputPixels: false, sequentialRead: true }).rotate().toColourspace('srgb');
          if (message.contentType === 'image/jpeg') image = image.jpeg({ quality: 85, mozjpeg: true });
          else if (message.contentType === 'image/png') image = image.png({ compressionLevel: 9 });
          else if (message.contentType === 'image/webp') image = image.webp({ quality: 85 });
          else image = image.avif({ quality: 60, effort: 2 });
        } else {
          const { width, height, channels } = shrunk.info;
          image = sharp(shrunk.data, { raw: { width, height, channels } }).resize({
            width: spec.width,
            withoutEnlargement: true,
          });
          image = spec.format === 'avif' ? image.avif({ quality: 55, effort: 2 }) : image.webp({ quality: 80 });
        }
        const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
        await writeFile(temporary, await image.toBuffer());
        await rename(temporary, target);
        await send({ target });
      } catch (error) {
        await send({ target, error: error instanceof Error ? error.message : String(error) });
      }
    }
  } catch (error) {
    for (const { target } of message.jobs) {
      await send({ target, error: error instanceof Error ? error.message : String(error) });
    }
  }
  process.disconnect?.();
});
