// The picture process (picture-process.ts starts it and lets it go when idle): every use of sharp
// runs here, one task at a time, so decoding a 12-megapixel photo, encoding AVIF, checking an upload
// or drawing a shared-link preview never grow the server's own memory: glibc keeps what libvips and
// the AVIF encoder once took, long after they freed it, and this process gives it all back on exit.
// The SVG check runs here too: jsdom and its window would add about 105 MiB to the server for good.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { serveTasks } from '../lib/task-process.js';
import type { EncodeResult, PictureTaskOnWire } from './picture-process.js';

// Nothing is kept between tasks, and one thread per task: the machine has two cores.
sharp.cache(false);
sharp.concurrency(1);

/** A task's picture, from the file the server wrote for it, removed once read (even if the server stops). */
async function take(source: string): Promise<Buffer> {
  try {
    return await readFile(source);
  } finally {
    await rm(path.dirname(source), { recursive: true, force: true });
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A batch of variants of one picture, each written to its target and reported as it is made. */
async function encodeVariants(
  task: Extract<PictureTaskOnWire, { kind: 'variants' }>,
  report: (result: EncodeResult) => Promise<void>,
): Promise<void> {
  const bytes = await take(task.source);
  const widths = task.jobs.flatMap(({ spec }) => (spec.width === 'original' ? [] : [spec.width]));
  let shrunk: { data: Buffer; info: OutputInfo } | undefined;
  try {
    // Decoded once, shrunk to the widest variant asked for; every resized variant is made from that.
    shrunk =
      widths.length === 0
        ? undefined
        : await sharp(bytes, { limitInputPixels: false, sequentialRead: true })
            .rotate()
            .toColourspace('srgb')
            .resize({ width: Math.max(...widths), withoutEnlargement: true })
            .raw()
            .toBuffer({ resolveWithObject: true });
  } catch (error) {
    for (const { target } of task.jobs) await report({ target, error: messageOf(error) });
    return;
  }
  for (const { spec, target } of task.jobs) {
    try {
      // sharp writes no metadata unless asked: EXIF (GPS included), XMP, IPTC, ICC and comments are
      // left out, the orientation applied by rotate(), the colours converted to sRGB.
      let image: Sharp;
      if (spec.width === 'original' || !shrunk) {
        image = sharp(bytes, { limitInputPixels: false, sequentialRead: true }).rotate().toColourspace('srgb');
        if (task.contentType === 'image/jpeg') image = image.jpeg({ quality: 85, mozjpeg: true });
        else if (task.contentType === 'image/png') image = image.png({ compressionLevel: 9 });
        else if (task.contentType === 'image/webp') image = image.webp({ quality: 85 });
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
      await report({ target });
    } catch (error) {
      await report({ target, error: messageOf(error) });
    }
  }
}

serveTasks<PictureTaskOnWire>(async (task, reply) => {
  if (task.kind === 'variants') await encodeVariants(task, reply);
  else if (task.kind === 'inspect') {
    const { inspectRaster } = await import('./picture-check.js');
    await reply(await inspectRaster(await take(task.source), task.maxPixels));
  } else if (task.kind === 'svg') {
    const { svgFindings } = await import('./picture-svg.js');
    // The server has refused what is not text starting with `<`; a byte-order mark is no part of the XML.
    await reply(await svgFindings((await take(task.source)).toString('utf8').replace(/^\ufeff/, '')));
  } else {
    const { renderPreviewImage } = await import('./preview-image.js');
    const photo = task.photo && { bytes: await take(task.photo.source), contentType: task.photo.contentType };
    await reply(await renderPreviewImage(task.content, photo, task.locale, task.entry));
  }
});
