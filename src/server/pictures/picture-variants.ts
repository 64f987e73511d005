import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_WIDTHS } from '../../shared/media.js';
import type { Db } from '../db/database.js';
import { type PictureSummary, pictureByPath } from '../repositories/picture-repository.js';
import { encodeInPictureProcess, VARIANT_FORMATS, type VariantSpec } from './picture-process.js';

export { VARIANT_FORMATS, type VariantFormat, type VariantSpec } from './picture-process.js';

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

// Variants live in the cache folder, not here: only those being made are, so visitors asking at
// once for a variant not made yet wait for the same encode.
const inFlight = new Map<string, Promise<string>>();

/** Queues the variants of one picture that are neither made nor being made, as one batch. */
function encode(db: Db, picture: PictureSummary, jobs: { spec: VariantSpec; target: string }[]): void {
  const pending = jobs.filter(
    ({ target }, index) =>
      !existsSync(target) && !inFlight.has(target) && jobs.findIndex((job) => job.target === target) === index,
  );
  if (pending.length === 0) return;
  const settle = new Map<string, { resolve: (target: string) => void; reject: (error: Error) => void }>();
  for (const { target } of pending) {
    const made = new Promise<string>((resolve, reject) => settle.set(target, { resolve, reject }));
    made.then(
      () => inFlight.delete(target),
      () => inFlight.delete(target),
    );
    inFlight.set(target, made);
  }
  const finish = (target: string, error?: string) => {
    const waiting = settle.get(target);
    settle.delete(target);
    if (error === undefined) waiting?.resolve(target);
    else waiting?.reject(new Error(`could not make ${target}: ${error}`));
  };
  void (async () => {
    try {
      // One batch at a time in the encoder process (picture-process.ts), never in the server; the
      // picture is read from the database when the batch's turn comes.
      await encodeInPictureProcess(
        async () => {
          const stored = await pictureByPath(db, picture.path);
          if (!stored || stored.sha256 !== picture.sha256) {
            throw new Error(`the picture ${picture.path} changed meanwhile`);
          }
          mkdirSync(path.dirname(pending[0]?.target ?? '.'), { recursive: true });
          return { kind: 'variants', source: stored.bytes, contentType: picture.contentType, jobs: pending };
        },
        ({ target, error }) => finish(target, error),
      );
    } catch (error) {
      for (const target of [...settle.keys()]) finish(target, error instanceof Error ? error.message : String(error));
    }
    for (const target of [...settle.keys()]) finish(target, 'the encoder stopped');
  })();
}

/** The file of a variant, made first if this machine has not made it yet. */
export async function variantOf(db: Db, cacheDir: string, picture: PictureSummary, spec: VariantSpec): Promise<string> {
  const target = variantFile(cacheDir, picture, spec);
  if (existsSync(target)) return target;
  encode(db, picture, [{ spec, target }]);
  return inFlight.get(target) ?? target;
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
  const jobs = specs.map((spec) => ({ spec, target: variantFile(cacheDir, picture, spec) }));
  encode(db, picture, jobs);
  await Promise.all(jobs.map(({ target }) => inFlight.get(target) ?? target));
}
