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

interface Making {
  db: Db;
  picture: PictureSummary;
  spec: VariantSpec;
  target: string;
}

/**
 * Makes one variant and keeps it in the cache folder. sharp writes no metadata unless asked: the
 * orientation is applied (`rotate()`), and EXIF (GPS included), XMP, IPTC, ICC profiles and comments
 * are left out; the colours are converted to sRGB first. The original-size answer is encoded again
 * too, never the stored bytes.
 */
async function make({ db, picture, spec, target }: Making): Promise<string> {
  const stored = await pictureByPath(db, picture.path);
  if (!stored || stored.sha256 !== picture.sha256) throw new Error(`the picture ${picture.path} changed meanwhile`);
  const sharp = await loadSharp();
  // libvips' operation cache would keep decoded photos around after their variants are written.
  sharp.cache(false);
  let image = sharp(stored.bytes, { limitInputPixels: false, sequentialRead: true }).rotate().toColourspace('srgb');
  if (spec.width === 'original') {
    const options = { quality: 85 };
    if (picture.contentType === 'image/jpeg') image = image.jpeg({ ...options, mozjpeg: true });
    else if (picture.contentType === 'image/png') image = image.png({ compressionLevel: 9 });
    else if (picture.contentType === 'image/webp') image = image.webp({ quality: 85 });
    else image = image.avif({ quality: 60 });
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
}

// The variant lives in the cache folder, not here: only an encode still running is shared, so
// visitors asking at once for a variant not made yet wait for the same one.
const making = memoizeAsync(make, { keyOf: ({ target }) => target, keepResults: false });

/** The file of a variant, made first if this machine has not made it yet. */
export async function variantOf(db: Db, cacheDir: string, picture: PictureSummary, spec: VariantSpec): Promise<string> {
  const target = variantFile(cacheDir, picture, spec);
  if (existsSync(target)) return target;
  return making({ db, picture, spec, target });
}

/**
 * Every variant of a raster picture up to `largest` px wide, what `<picture>` may ask for: AVIF first
 * (what browsers pick), the largest widths before the smaller ones, then the original.
 */
export function variantSpecs(largest: number = MEDIA_WIDTHS.at(-1) ?? 1600): VariantSpec[] {
  const widths = MEDIA_WIDTHS.filter((width) => width <= largest).reverse();
  return [
    ...VARIANT_FORMATS.flatMap((format) => widths.map((width): VariantSpec => ({ width, format }))),
    { width: 'original' },
  ];
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
  for (const spec of specs) await variantOf(db, cacheDir, picture, spec);
}
