import { createHash } from 'node:crypto';
import type { ApiErrorCode } from '../../shared/api-errors.js';
import { loadSharp } from './load-sharp.js';
import { askPictureProcess, type InspectResult, type SvgFindings } from './picture-process.js';

/** The largest picture accepted, in bytes (uploads are refused past it with 413). */
export const PICTURE_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The most pixels a raster picture may have: a 48-megapixel phone photo passes; a decompression bomb
 * (a small file that claims 30,000 × 30,000 pixels) is refused before it is decoded.
 */
export const PICTURE_MAX_PIXELS = 50_000_000;

/** A picture that cannot be accepted, with a stable code and a message that names the problem. */
export class PictureError extends Error {
  override name = 'PictureError';

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly statusCode = 422,
    /** What was found, each as it was written (`<script>`, `onload`): an unsafe SVG's problems. */
    readonly found: string[] = [],
  ) {
    super(message);
  }
}

/** A checked picture: what it is and its intrinsic size (orientation applied). */
export interface CheckedPicture {
  contentType: string;
  width: number;
  height: number;
  sha256: string;
  size: number;
}

const RASTER_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
} as const;

/** sharp's name for what it found, as the content type it is. */
function decodedType(format: string | undefined, compression: string | undefined): string | undefined {
  if (format === 'jpeg') return 'image/jpeg';
  if (format === 'png') return 'image/png';
  if (format === 'webp') return 'image/webp';
  if (format === 'heif' && compression === 'av1') return 'image/avif';
  return undefined;
}

function extensionOf(picturePath: string): string {
  return picturePath.slice(picturePath.lastIndexOf('.') + 1).toLowerCase();
}

/**
 * Checks a picture before it is stored, whatever it came from (an upload, a content folder): the
 * bytes must be what the path's extension says. A raster picture is decoded in full by sharp (a zip
 * or polyglot named .jpg, truncated or corrupt data are refused) within the pixel limit; an SVG is
 * read as XML and refused when it carries anything that could run or reach out (picture-svg.ts, in
 * the picture process too, after the cheap refusals here).
 */
export async function checkPicture(picturePath: string, bytes: Buffer): Promise<CheckedPicture> {
  const extension = extensionOf(picturePath);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (bytes.length === 0) throw new PictureError('picture_unreadable', `${picturePath} is empty`);
  if (bytes.length > PICTURE_MAX_BYTES) {
    throw new PictureError('picture_too_large', `${picturePath} is over ${PICTURE_MAX_BYTES / 1024 / 1024} MB`, 413);
  }
  if (extension === 'svg') {
    const { width, height } = await checkSvg(picturePath, bytes);
    return { contentType: 'image/svg+xml', width, height, sha256, size: bytes.length };
  }
  const expected = RASTER_TYPES[extension as keyof typeof RASTER_TYPES];
  if (!expected) {
    throw new PictureError(
      'picture_type_not_allowed',
      `${picturePath}: only JPEG, PNG, WebP, AVIF and SVG pictures are accepted`,
    );
  }
  // Cheap first, in the server: bytes that do not even start as the named format never start a process.
  const sniffed = sniffedType(bytes);
  if (sniffed === undefined) {
    throw new PictureError(
      'picture_unreadable',
      `${picturePath} is not a picture sharp can read (corrupt, or not a picture)`,
    );
  }
  if (sniffed !== expected) {
    throw new PictureError('picture_type_mismatch', `${picturePath} is named as ${expected} but holds ${sniffed}`);
  }
  // Decoded in the picture process (picture-process.ts): libvips' memory never stays in the server.
  const found = await askPictureProcess<InspectResult>({
    kind: 'inspect',
    source: bytes,
    maxPixels: PICTURE_MAX_PIXELS,
  });
  if (!found.readable || found.width === undefined || found.height === undefined) {
    throw new PictureError(
      'picture_unreadable',
      `${picturePath} is not a picture sharp can read (corrupt, or not a picture)`,
    );
  }
  const foundType = decodedType(found.format, found.compression);
  if (foundType !== expected) {
    throw new PictureError(
      'picture_type_mismatch',
      `${picturePath} is named as ${expected} but holds ${foundType ?? found.format ?? 'something else'}`,
    );
  }
  if (found.width * found.height > PICTURE_MAX_PIXELS) {
    throw new PictureError(
      'picture_too_many_pixels',
      `${picturePath} has ${found.width} × ${found.height} pixels: at most ${PICTURE_MAX_PIXELS / 1_000_000} megapixels are accepted`,
    );
  }
  if (!found.decoded) {
    throw new PictureError('picture_unreadable', `${picturePath} is truncated or corrupt: it cannot be decoded`);
  }
  return { contentType: expected, width: found.width, height: found.height, sha256, size: bytes.length };
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/**
 * What a raster picture's first bytes say it is (its magic numbers), or undefined for anything that
 * is no picture at all (a zip, a page, random bytes). Other picture formats are named for the message.
 */
function sniffedType(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    // An ISO media file: its major and compatible brands say what it holds (AVIF, HEIC, a video…).
    const boxEnd = Math.min(bytes.length, Math.max(16, bytes.readUInt32BE(0)), 256);
    const brands = new Set([ascii(bytes, 8, 12)]);
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.add(ascii(bytes, at, at + 4));
    if (brands.has('avif') || brands.has('avis')) return 'image/avif';
    if (brands.has('heic') || brands.has('heix') || brands.has('mif1')) return 'image/heic';
    return undefined;
  }
  if (ascii(bytes, 0, 4) === 'GIF8') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'II*\u0000' || ascii(bytes, 0, 4) === 'MM\u0000*') return 'image/tiff';
  if (ascii(bytes, 0, 2) === 'BM') return 'image/bmp';
  return undefined;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The decode check, run in the picture process (picture-encoder.ts), never in the server: what
 * sharp reads in the header, and whether the whole picture decodes (truncated or corrupt data fails)
 * when it is within `maxPixels` (a decompression bomb is never decoded).
 */
export async function inspectRaster(bytes: Buffer, maxPixels: number): Promise<InspectResult> {
  const sharp = await loadSharp();
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { readable: false };
  }
  const { width, height } = metadata.autoOrient ?? metadata;
  const found = { readable: true, format: metadata.format, compression: metadata.compression, width, height };
  if (metadata.width * metadata.height > maxPixels) return { ...found, decoded: false };
  try {
    // Decoded in full (to a tiny size, to spare memory): truncated or corrupt data fails here.
    await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true })
      .resize(8, 8, { fit: 'inside' })
      .raw()
      .toBuffer();
    return { ...found, decoded: true };
  } catch {
    return { ...found, decoded: false };
  }
}

function lengthOf(value: string | undefined): number | undefined {
  const match = value?.trim().match(/^(\d+(?:\.\d+)?)(?:px)?$/);
  return match ? Math.round(Number(match[1])) : undefined;
}

/**
 * Refuses an unsafe SVG, naming every problem (picture-svg.ts); answers its intrinsic size
 * (attributes, else viewBox). The problems go with the error too, for the studio to show.
 */
async function checkSvg(picturePath: string, bytes: Buffer): Promise<{ width: number; height: number }> {
  const text = bytes.toString('utf8');
  if (text.includes('\u0000') || !/^\s*(?:\ufeff)?\s*</.test(text)) {
    throw new PictureError('picture_type_mismatch', `${picturePath} is named as an SVG but is not one`);
  }
  // Read in the picture process (picture-svg.ts): jsdom would grow the server by about 105 MiB.
  const findings = await askPictureProcess<SvgFindings>({ kind: 'svg', source: bytes });
  if (findings.malformed !== undefined) {
    throw new PictureError('picture_unreadable', `${picturePath} is not well-formed XML: ${findings.malformed}`);
  }
  if (findings.notSvg) {
    throw new PictureError('picture_type_mismatch', `${picturePath} is named as an SVG but is not one`);
  }
  if (findings.problems.length > 0) {
    throw new PictureError(
      'picture_unsafe_svg',
      `${picturePath} is refused: it holds what could run or load something: ${findings.problems.join('; ')}`,
      422,
      findings.problems,
    );
  }
  const viewBox = findings.size?.viewBox
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const fromViewBox = viewBox?.length === 4 && viewBox.every(Number.isFinite) ? viewBox : undefined;
  const width = lengthOf(findings.size?.width) ?? (fromViewBox ? Math.round(fromViewBox[2] ?? 0) : 300);
  const height = lengthOf(findings.size?.height) ?? (fromViewBox ? Math.round(fromViewBox[3] ?? 0) : 150);
  return { width: Math.max(1, width), height: Math.max(1, height) };
}
