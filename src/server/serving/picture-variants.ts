import { existsSync, mkdirSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_WIDTHS, type MediaWidth } from '../../shared/media.js';
import type { Db } from '../db/database.js';
import { memoizeAsync } from '../lib/memoize-async.js';
import { type PictureSummary, pictureByPath } from '../repositories/picture-repository.js';
import { loadSharp } from './load-sharp.js';

/** The formats a raster picture is served in at the widths of MEDIA_WIDTHS. */
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** A raster picture as served: at a width of MEDIA_WIDTHS in AVIF or WebP, or whole in its own format. */
export type VariantSpec = { width: MediaWidth; format: VariantFormat } | { width: 'original' };

const ORIGINAL_EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

const FORMAT_TYPE: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** The content type of a variant. */
export function variantType(picture: PictureSummary, spec: VariantSpec): string {
  return spec.width === 'original' ? picture.contentType : (FORMAT_TYPE[spec.format] ?? 'application/octet-stream');
}

/** A strong ETag for a variant: it changes with the picture's bytes. */
export function variantEtag(picture: PictureSummary, spec: VariantSpec): string {
  const format = spec.width === 'original' ? 'original' : spec.format;
  return `"${picture.sha256.slice(0, 20)}-${spec.width}-${format}"`;
}

function variantFile(cacheDir: string, picture: PictureSummary, spec: VariantSpec): string {
  const extension = spec.width === 'original' ? (ORIGINAL_EXTENSION[picture.contentType] ?? 'bin') : spec.format;
  // Never enlarged: every width past the picture's own is the same file, made once.
  const width = spec.width === 'original' ? 'original' : Math.min(spec.width, picture.width);
  return path.join(cacheDir, 'pictures', `${picture.sha256}-${width}.${extension}`);
}

/** What a variant is made from: the stored bytes, or pixels already decoded and shrunk once. */
type Source = { bytes: Buffer } | { pixels: Buffer; raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

interface Making {
  picture: PictureSummary;
  spec: VariantSpec;
  target: string;
  source: () => Promise<Source>;
}

async function storedBytes(db: Db, picture: PictureSummary): Promise<Source> {
  const stored = await pictureByPath(db, picture.path);
  if (!stored || stored.sha256 !== picture.sha256) throw new Error(`the picture ${picture.path} changed meanwhile`);
  return { bytes: stored.bytes };
}

// One encode at a time in the whole process: a 12-megapixel photo decoded twice at once costs more
// memory than the site's budget, and two cores gain little from two AVIF encodes side by side.
let encoding: Promise<unknown> = Promise.resolve();
function oneAtATime<Value>(work: () => Promise<Value>): Promise<Value> {
  const turn = encoding.then(work, work);
  encoding = turn.catch(() => undefined);
  return turn;
}

/**
 * Makes one variant and keeps it in the cache folder. sharp writes no metadata unless asked: the
 * orientation is applied (`rotate()`), and EXIF (GPS included), XMP, IPTC, ICC profiles and comments
 * are left out; the colours are converted to sRGB first. The original-size answer is encoded again
 * too, never the stored bytes.
 */
async function make({ picture, spec, target, source }: Making): Promise<string> {
  return oneAtATime(async () => {
    if (existsSync(target)) return target;
    const sharp = await loadSharp();
    // libvips' operation cache would keep decoded photos around after their variants are written.
    sharp.cache(false);
    sharp.concurrency(1);
    const input = await source();
    let image =
      'bytes' in input
        ? sharp(input.bytes, { limitInputPixels: false, sequentialRead: true }).rotate().toColourspace('srgb')
        : sharp(input.pixels, { raw: input.raw });
    if (spec.width === 'original') {
      if (picture.contentType === 'image/jpeg') image = image.jpeg({ quality: 85, mozjpeg: true });
      else if (picture.contentType === 'image/png') image = image.png({ compressionLevel: 9 });
      else if (picture.contentType === 'image/webp') image = image.webp({ quality: 85 });
      else image = image.avif({ quality: 60, effort: 2 });
    } else {
      image = image.resize({ width: spec.width, withoutEnlargement: true });
      image = spec.format === 'avif' ? image.avif({ quality: 55, effort: 2 }) : image.webp({ quality: 80 });
    }
    const bytes = await image.toBuffer();
    mkdirSync(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
    return target;
  });
}

// The variant lives in the cache folder, not here: only an encode still running is shared, so
// visitors asking at once for a variant not made yet wait for the same one.
const making = memoizeAsync(make, { keyOf: ({ target }) => target, keepResults: false });

/** The file of a variant, made first if this machine has not made it yet. */
export async function variantOf(db: Db, cacheDir: string, picture: PictureSummary, spec: VariantSpec): Promise<string> {
  const target = variantFile(cacheDir, picture, spec);
  if (existsSync(target)) return target;
  return making({ picture, spec, target, source: () => storedBytes(db, picture) });
}

/**
 * The variants `<picture>` asks for, up to `largest` px wide: AVIF first (what browsers pick), the
 * largest widths before the smaller ones. The whole-size original is left out: only a browser that
 * knows neither format asks for it, and re-encoding 12 megapixels costs about 90 MiB at its peak, so
 * it is made on its first request instead.
 */
export function variantSpecs(largest: number = MEDIA_WIDTHS.at(-1) ?? 1600): VariantSpec[] {
  const widths = MEDIA_WIDTHS.filter((width) => width <= largest).reverse();
  return VARIANT_FORMATS.flatMap((format) => widths.map((width): VariantSpec => ({ width, format })));
}

/**
 * Makes a picture's variants ahead of visitors, one at a time (AVIF is slow and the machine small):
 * called after an upload, an import and a publish, so the first page's photo is never encoded on a
 * visitor's request. An SVG has none.
 */
export async function prepareVariants(
  db: Db,
  cacheDir: string,
  picture: PictureSummary,
  specs: VariantSpec[] = variantSpecs(),
): Promise<void> {
  if (picture.contentType === 'image/svg+xml') return;
  const missing = specs.filter((spec) => !existsSync(variantFile(cacheDir, picture, spec)));
  const widest = Math.max(0, ...missing.map((spec) => (spec.width === 'original' ? 0 : spec.width)));
  // The photo is decoded once, shrunk to the widest variant still missing, and every resized variant
  // is made from those pixels: one decode of a 12-megapixel JPEG instead of one per variant.
  let shrunk: Promise<Source> | undefined;
  const shrunkSource = () => {
    // Called from within a variant's turn (make), so not queued again.
    shrunk ??= (async () => {
      const sharp = await loadSharp();
      const { bytes } = (await storedBytes(db, picture)) as { bytes: Buffer };
      const { data, info } = await sharp(bytes, { limitInputPixels: false, sequentialRead: true })
        .rotate()
        .toColourspace('srgb')
        .resize({ width: widest, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { pixels: data, raw: { width: info.width, height: info.height, channels: info.channels } };
    })();
    return shrunk;
  };
  for (const spec of missing) {
    const target = variantFile(cacheDir, picture, spec);
    await making({
      picture,
      spec,
      target,
      source: spec.width === 'original' ? () => storedBytes(db, picture) : shrunkSource,
    });
  }
}
