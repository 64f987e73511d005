import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * One answer kept ready in every encoding: compressed once (at build time or start-up), never per
 * request. Each encoding is its own representation, so each has its own strong ETag.
 */
export interface CompressedBody {
  type: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etags: Record<Encoding, string>;
}

/**
 * Brotli at its best quality, with a window no larger than the answer. The default window (4 MiB) makes
 * the encoder allocate tens of MiB for each answer, which the C allocator then keeps: sized to a 40 KB
 * page it needs a fraction of that, for the same bytes out (the window only matters past its size).
 */
function brotliOptionsFor(size: number) {
  const window = Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 1))),
  );
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: window,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}
const GZIP_OPTIONS = { level: 9 };

/** Compressing what is already compressed (fonts, pictures) only costs bytes. */
export function isCompressible(type: string): boolean {
  return /^text\/|[/+](?:json|xml|javascript)\b|^image\/svg\+xml|^application\/manifest\+json/.test(type);
}

/** Keeps an encoded copy only when it saves something worth sending. */
function smaller(encoded: Buffer | undefined, identity: Buffer): Buffer | undefined {
  return encoded && encoded.length < identity.length * 0.95 ? encoded : undefined;
}

/** Builds a ready answer from bytes and (optionally) their precompressed copies. */
export function readyBody(
  type: string,
  identity: Buffer,
  encoded: { br?: Buffer; gzip?: Buffer } = {},
): CompressedBody {
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  const body: CompressedBody = {
    type,
    identity,
    etags: { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` },
  };
  const br = smaller(encoded.br, identity);
  const gzipped = smaller(encoded.gzip, identity);
  if (br) body.br = br;
  if (gzipped) body.gzip = gzipped;
  return body;
}

/** Compresses once, off the main thread (zlib's thread pool), into brotli and gzip. */
export async function compressBody(type: string, content: Buffer | string): Promise<CompressedBody> {
  const identity = typeof content === 'string' ? Buffer.from(content) : content;
  if (!isCompressible(type) || identity.length < 256) return readyBody(type, identity);
  const [br, gzipped] = await Promise.all([
    brotli(identity, brotliOptionsFor(identity.length)),
    gzipAsync(identity, GZIP_OPTIONS),
  ]);
  return readyBody(type, identity, { br, gzip: gzipped });
}

function qualityOf(parameters: string[]): number {
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=');
    if (name?.trim().toLowerCase() === 'q') {
      const quality = Number(value);
      return Number.isFinite(quality) ? quality : 0;
    }
  }
  return 1;
}

/** The encodings a request accepts, by preference: brotli, then gzip (RFC 9110 §12.5.3 weights). */
function parseAcceptEncoding(header: string | undefined): { br: boolean; gzip: boolean; preferGzip: boolean } {
  let br: number | undefined;
  let gzipQuality: number | undefined;
  let any: number | undefined;
  for (const part of (header ?? '').split(',')) {
    const [token = '', ...parameters] = part.split(';');
    const name = token.trim().toLowerCase();
    const quality = qualityOf(parameters);
    if (name === 'br') br = quality;
    else if (name === 'gzip' || name === 'x-gzip') gzipQuality = quality;
    else if (name === '*') any = quality;
  }
  const brQuality = br ?? any ?? 0;
  const gzipFinal = gzipQuality ?? any ?? 0;
  return { br: brQuality > 0, gzip: gzipFinal > 0, preferGzip: gzipFinal > brQuality };
}

// Browsers send a handful of distinct Accept-Encoding strings: parse each once.
const acceptCache = new Map<string, ReturnType<typeof parseAcceptEncoding>>();

function accepted(header: string | undefined) {
  const key = header ?? '';
  let parsed = acceptCache.get(key);
  if (!parsed) {
    parsed = parseAcceptEncoding(header);
    if (acceptCache.size >= 256) acceptCache.clear();
    acceptCache.set(key, parsed);
  }
  return parsed;
}

function chooseEncoding(body: CompressedBody, acceptEncoding: string | undefined): Encoding {
  const accepts = accepted(acceptEncoding);
  const br = accepts.br && body.br !== undefined;
  const gzipped = accepts.gzip && body.gzip !== undefined;
  if (br && !(gzipped && accepts.preferGzip)) return 'br';
  if (gzipped) return 'gzip';
  return 'identity';
}

/** RFC 9110 §13.1.2: If-None-Match uses the weak comparison, and `*` matches any current representation. */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

export interface SendOptions {
  cacheControl: string;
  statusCode?: number;
  /** Headers the answer also varies on, besides Accept-Encoding. */
  vary?: string;
}

/**
 * Sends a ready answer in the best encoding the client accepts, with its length, strong ETag and
 * a 304 for a matching If-None-Match. Routes using it turn @fastify/compress off (`compress: false`).
 */
export function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CompressedBody,
  { cacheControl, statusCode = 200, vary }: SendOptions,
): FastifyReply {
  const encoding = chooseEncoding(body, request.headers['accept-encoding']);
  const etag = body.etags[encoding];
  reply
    .header('cache-control', cacheControl)
    .header('vary', vary ? `Accept-Encoding, ${vary}` : 'Accept-Encoding')
    .header('etag', etag);
  if (statusCode === 200 && noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply
    .code(statusCode)
    .type(body.type)
    .send(body[encoding] ?? body.identity);
}
