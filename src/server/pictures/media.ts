import { createReadStream } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { MEDIA_WIDTHS, type MediaWidth, pictureVersion } from '../../shared/media.js';
import { imagePathSchema } from '../../shared/schemas/content.js';
import { sessionOf } from '../auth/current-session.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { perVersion } from '../lib/per-version.js';
import { pictureByPath, pictureSummaryByPath } from '../repositories/picture-repository.js';
import { servedPicturesOf } from './content-pictures.js';
import {
  prepareVariants,
  VARIANT_FORMATS,
  type VariantFormat,
  type VariantSpec,
  variantEtag,
  variantOf,
  variantSpecs,
  variantType,
} from './picture-variants.js';

export interface MediaOptions {
  db: Db;
  cacheDir: string;
}

/**
 * What an SVG may do when its address is opened directly: draw, with its own inline styles, and
 * nothing else. `sandbox` puts it in an opaque origin with scripts off, whatever it holds.
 */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * Content names pictures by path, and the pages add the picture's version (`?v=`, from its SHA-256):
 * an address with the current version never changes its bytes and is kept for a year. Any other
 * address (no version, or a page older than the picture) is answered with the current picture, a
 * strong ETag, and kept an hour before it is asked for again.
 */
const CACHE_CONTROL = 'public, max-age=3600';
const VERSIONED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** A picture only the owner may see (the draft's, the library's): kept by their browser only, asked again each time. */
const OWNER_CACHE_CONTROL = 'private, no-cache';
/** An error is never kept: a picture missing now may be uploaded in a minute. */
const ERROR_CACHE_CONTROL = 'no-store';

/** The pictures the served version names, made once per version (no database read per request). */
const publishedPictures = perVersion(
  (snapshot: Parameters<typeof servedPicturesOf>[0]) => new Set(servedPicturesOf(snapshot)),
);

function isFormat(value: unknown): value is VariantFormat {
  return (VARIANT_FORMATS as readonly unknown[]).includes(value);
}

/**
 * `/media/<path>`: the content's pictures, from the database, on every process. An SVG is sent as it
 * was checked at upload, under a sandboxing CSP. A raster picture is never sent as stored: `?w=` (one
 * of MEDIA_WIDTHS, never enlarged) with `&f=avif` or `webp` (the default) is a resized copy, and no
 * `?w=` is the whole picture encoded again in its own format; every one without metadata and with
 * its orientation applied (picture-variants.ts), made once per machine and kept in the cache folder.
 */
export const mediaRoutes: FastifyPluginAsync<MediaOptions> = async (app, { db, cacheDir }) => {
  // The first page's photo is the largest contentful paint: its variants are made when a version is
  // served, not on a visitor's first request. Failures only cost the visitor who asks first.
  const prepareServedPictures = () => {
    const snapshot = app.hasDecorator('contentState') ? app.contentState.current : undefined;
    if (!snapshot) return;
    const { content } = snapshot;
    void (async () => {
      for (const picturePath of servedPicturesOf(snapshot)) {
        const picture = await pictureSummaryByPath(db, picturePath);
        if (picture)
          await prepareVariants(
            db,
            cacheDir,
            picture,
            picturePath === content.home.photo ? variantSpecs(1024) : variantSpecs(),
          );
      }
    })().catch((error: unknown) => app.log.warn({ err: error }, 'could not make the pictures’ variants ahead'));
  };
  app.addHook('onReady', async () => {
    prepareServedPictures();
    if (app.hasDecorator('contentState')) {
      const stop = app.contentState.onChange(prepareServedPictures);
      app.addHook('onClose', async () => {
        stop();
      });
    }
  });

  // Errors (404, 400, and any other) carry no picture's cache header: never kept, least of all for a year.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400) reply.header('cache-control', ERROR_CACHE_CONTROL);
    return payload;
  });

  app.get<{ Params: { '*': string }; Querystring: { w?: string; f?: string; v?: string } }>(
    '/media/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const picturePath = request.params['*'];
      // Visitors get the served version's pictures; any other (the draft's, one only uploaded) is the
      // owner's, and answered to anyone else exactly as a picture that does not exist.
      const published =
        app.hasDecorator('contentState') && publishedPictures(app.contentState.current).has(picturePath);
      const mayShow = published || (await sessionOf(db, request)) !== undefined;
      const picture =
        mayShow && imagePathSchema.safeParse(picturePath).success
          ? await pictureSummaryByPath(db, picturePath)
          : undefined;
      if (!picture) throw new AppError(404, 'not_found', 'No such picture');
      const current = request.query.v === pictureVersion(picture.sha256);
      const cacheControl = !published ? OWNER_CACHE_CONTROL : current ? VERSIONED_CACHE_CONTROL : CACHE_CONTROL;
      reply.header('cache-control', cacheControl);
      // A 304 renews what the browser keeps; an hour is as much as it may promise (the address may name an older picture).
      const notModified = () =>
        reply
          .header('cache-control', published ? CACHE_CONTROL : cacheControl)
          .code(304)
          .send();
      if (picture.contentType === 'image/svg+xml') {
        const etag = `"${picture.sha256.slice(0, 20)}-svg"`;
        reply
          .header('etag', etag)
          .header('content-security-policy', SVG_CONTENT_SECURITY_POLICY)
          .header('x-content-type-options', 'nosniff');
        if (request.headers['if-none-match'] === etag) return notModified();
        const stored = await pictureByPath(db, picturePath);
        if (!stored) throw new AppError(404, 'not_found', 'No such picture');
        return reply.type('image/svg+xml').send(stored.bytes);
      }
      const { w, f = 'webp' } = request.query;
      let spec: VariantSpec = { width: 'original' };
      if (w !== undefined) {
        const width = Number(w);
        if (!MEDIA_WIDTHS.includes(width as MediaWidth)) {
          throw new AppError(400, 'bad_request', `w must be one of ${MEDIA_WIDTHS.join(', ')}`);
        }
        if (!isFormat(f)) throw new AppError(400, 'bad_request', `f must be one of ${VARIANT_FORMATS.join(', ')}`);
        spec = { width: width as MediaWidth, format: f };
      }
      const etag = variantEtag(picture, spec);
      reply.header('etag', etag).header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return notModified();
      const file = await variantOf(db, cacheDir, picture, spec);
      return reply.type(variantType(picture, spec)).send(createReadStream(file));
    },
  );
};
