import { createHash } from 'node:crypto';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import type { ApiErrorCode } from '../../shared/api-errors.js';
import { loadSharp } from '../serving/load-sharp.js';

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
 * parsed and refused when it carries anything that could run or reach out (`svgProblems`).
 */
export async function checkPicture(picturePath: string, bytes: Buffer): Promise<CheckedPicture> {
  const extension = extensionOf(picturePath);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (bytes.length === 0) throw new PictureError('picture_unreadable', `${picturePath} is empty`);
  if (bytes.length > PICTURE_MAX_BYTES) {
    throw new PictureError('picture_too_large', `${picturePath} is over ${PICTURE_MAX_BYTES / 1024 / 1024} MB`, 413);
  }
  if (extension === 'svg') {
    const { width, height } = checkSvg(picturePath, bytes);
    return { contentType: 'image/svg+xml', width, height, sha256, size: bytes.length };
  }
  const expected = RASTER_TYPES[extension as keyof typeof RASTER_TYPES];
  if (!expected) {
    throw new PictureError(
      'picture_type_not_allowed',
      `${picturePath}: only JPEG, PNG, WebP, AVIF and SVG pictures are accepted`,
    );
  }
  const sharp = await loadSharp();
  // libvips' operation cache would keep the decoded upload in this process's memory.
  sharp.cache(false);
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PictureError(
      'picture_unreadable',
      `${picturePath} is not a picture sharp can read (corrupt, or not a picture)`,
    );
  }
  const found = decodedType(metadata.format, metadata.compression);
  if (found !== expected) {
    throw new PictureError(
      'picture_type_mismatch',
      `${picturePath} is named as ${expected} but holds ${found ?? metadata.format ?? 'something else'}`,
    );
  }
  if (metadata.width * metadata.height > PICTURE_MAX_PIXELS) {
    throw new PictureError(
      'picture_too_many_pixels',
      `${picturePath} has ${metadata.width} × ${metadata.height} pixels: at most ${PICTURE_MAX_PIXELS / 1_000_000} megapixels are accepted`,
    );
  }
  try {
    // Decoded in full (to a tiny size, to spare memory): truncated or corrupt data fails here.
    await sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error', sequentialRead: true })
      .resize(8, 8, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw new PictureError('picture_unreadable', `${picturePath} is truncated or corrupt: it cannot be decoded`);
  }
  const { width, height } = metadata.autoOrient ?? metadata;
  return { contentType: expected, width, height, sha256, size: bytes.length };
}

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Elements that run code or embed another document: never allowed in a picture. */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'handler',
  'listener',
  'iframe',
  'frame',
  'embed',
  'object',
  'base',
  'link',
  'meta',
]);

/** A reference that stays inside the picture: a fragment (`#id`) or an embedded raster picture. */
/** A value as a browser reads an address: without whitespace or control characters, lower-cased. */
function compacted(value: string): string {
  return [...value]
    .filter((character) => (character.codePointAt(0) ?? 0) > 0x20)
    .join('')
    .toLowerCase();
}

function isLocalReference(value: string): boolean {
  const compact = compacted(value);
  return compact === '' || compact.startsWith('#') || /^data:image\/(?:png|jpeg|webp|gif|avif);/.test(compact);
}

function isScriptUrl(value: string): boolean {
  const compact = compacted(value);
  return compact.includes('javascript:') || compact.includes('vbscript:');
}

/** `url(...)` and `@import` in a stylesheet or style attribute that reach outside the picture. */
function cssProblems(css: string): string[] {
  const problems: string[] = [];
  if (/@import/i.test(css)) problems.push('a stylesheet imports another (@import)');
  for (const match of css.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    if (!isLocalReference(match[2] ?? '')) problems.push(`a style refers to an outside address (${match[2]})`);
  }
  if (isScriptUrl(css)) problems.push('a style holds a javascript: address');
  return problems;
}

function localName(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1).toLowerCase();
}

/** Every problem in an SVG document: scripts, event handlers, script addresses, outside references. */
function svgProblems(text: string): string[] {
  const problems: string[] = [];
  // Entities are expanded by an XML parser (a browser opening the file), not by parse5: one could
  // spell out a script the tree below never shows, so none are accepted.
  if (/<!ENTITY/i.test(text)) problems.push('it declares XML entities (<!ENTITY>)');
  const document = parse(text);
  const visit = (node: Node) => {
    if (node.nodeName === '#comment' && 'data' in node && /^\?xml-stylesheet/i.test(node.data)) {
      problems.push('it links a stylesheet (<?xml-stylesheet?>)');
    }
    if ('tagName' in node) {
      const element = node as Element;
      const tag = localName(element.tagName);
      if (FORBIDDEN_ELEMENTS.has(tag)) problems.push(`it has a <${element.tagName}> element`);
      for (const attribute of element.attrs) {
        const name = localName(attribute.name);
        const shownName = attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name;
        if (name.startsWith('on')) problems.push(`<${element.tagName}> has an event handler (${shownName})`);
        else if (isScriptUrl(attribute.value))
          problems.push(`<${element.tagName} ${shownName}> is a javascript: address`);
        else if ((name === 'href' || name === 'src' || name === 'action') && !isLocalReference(attribute.value)) {
          problems.push(`<${element.tagName} ${shownName}> refers to an outside address (${attribute.value})`);
        } else if (name === 'style') problems.push(...cssProblems(attribute.value));
      }
      if (tag === 'style') {
        const css = element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
        problems.push(...cssProblems(css));
      }
    }
    const children = 'childNodes' in node ? node.childNodes : [];
    for (const child of children) visit(child);
    if ('content' in node && node.content) visit(node.content);
  };
  visit(document);
  if (!hasSvgRoot(document)) problems.push('it is not an SVG document (no <svg> element)');
  return [...new Set(problems)];
}

function hasSvgRoot(node: Node): boolean {
  if ('tagName' in node && node.tagName === 'svg') return true;
  return 'childNodes' in node && node.childNodes.some(hasSvgRoot);
}

function findSvg(node: Node): Element | undefined {
  if ('tagName' in node && node.tagName === 'svg') return node as Element;
  if (!('childNodes' in node)) return undefined;
  for (const child of node.childNodes) {
    const found = findSvg(child);
    if (found) return found;
  }
  return undefined;
}

function lengthOf(value: string | undefined): number | undefined {
  const match = value?.trim().match(/^(\d+(?:\.\d+)?)(?:px)?$/);
  return match ? Math.round(Number(match[1])) : undefined;
}

/** Refuses an unsafe SVG, naming every problem; answers its intrinsic size (attributes, else viewBox). */
function checkSvg(picturePath: string, bytes: Buffer): { width: number; height: number } {
  const text = bytes.toString('utf8');
  if (text.includes('\u0000') || !/^\s*(?:\ufeff)?\s*</.test(text)) {
    throw new PictureError('picture_type_mismatch', `${picturePath} is named as an SVG but is not one`);
  }
  const problems = svgProblems(text);
  if (problems.length > 0) {
    throw new PictureError('picture_unsafe_svg', `${picturePath} is refused: ${problems.join('; ')}`);
  }
  const svg = findSvg(parse(text));
  const attribute = (name: string) => svg?.attrs.find((attr) => attr.name.toLowerCase() === name)?.value;
  const viewBox = attribute('viewbox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const fromViewBox = viewBox?.length === 4 && viewBox.every(Number.isFinite) ? viewBox : undefined;
  const width = lengthOf(attribute('width')) ?? (fromViewBox ? Math.round(fromViewBox[2] ?? 0) : 300);
  const height = lengthOf(attribute('height')) ?? (fromViewBox ? Math.round(fromViewBox[3] ?? 0) : 150);
  return { width: Math.max(1, width), height: Math.max(1, height) };
}
