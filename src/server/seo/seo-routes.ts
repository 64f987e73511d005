import type { FastifyPluginAsync } from 'fastify';
import { isLocale, LOCALES, type Locale } from '../../shared/locales.js';
import type { SiteContent } from '../../shared/schemas/content.js';
import { type ContentState, perSnapshot } from '../content/content-state.js';
import { AppError } from '../errors.js';
import { memoizeAsync } from '../lib/memoize-async.js';
import { compressBody, readyBody, sendCompressed } from '../serving/precompressed.js';
import type { PreviewImage } from './page-head.js';
import { PREVIEW_HEIGHT, PREVIEW_TYPE, PREVIEW_WIDTH, previewVersion, renderPreviewImage } from './preview-image.js';
import { robotsTxt, sitemapXml } from './sitemap.js';

export interface SeoOptions {
  content: ContentState;
  imagesDir: string;
  originOf: () => string;
}

/** The preview picture's address for a language; its version changes with the owner's name, role or photo. */
export function previewImageFor(content: SiteContent, imagesDir: string) {
  const version = previewVersion(content, imagesDir);
  return (origin: string, locale: Locale): PreviewImage => ({
    url: `${origin}/og/${locale}.jpg?v=${version}`,
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    type: PREVIEW_TYPE,
  });
}

/** `/sitemap.xml`, `/robots.txt` and the per-language preview pictures (`/og/{locale}.jpg`). */
export const seoRoutes: FastifyPluginAsync<SeoOptions> = async (app, { content, imagesDir, originOf }) => {
  // Each answer is made once (per origin) and kept; the preview pictures once per content version.
  const sitemap = memoizeAsync((origin: string) => compressBody('application/xml; charset=utf-8', sitemapXml(origin)));
  const robots = memoizeAsync((origin: string) => compressBody('text/plain; charset=utf-8', robotsTxt(origin)));
  const previewOf = perSnapshot((snapshot) =>
    memoizeAsync(async (locale: Locale) =>
      readyBody(PREVIEW_TYPE, await renderPreviewImage(snapshot.content, imagesDir, locale)),
    ),
  );
  const hour = 'public, max-age=3600';

  app.get('/sitemap.xml', { schema: { hide: true }, compress: false }, async (request, reply) =>
    sendCompressed(request, reply, await sitemap(originOf()), { cacheControl: hour }),
  );
  app.get('/robots.txt', { schema: { hide: true }, compress: false }, async (request, reply) =>
    sendCompressed(request, reply, await robots(originOf()), { cacheControl: hour }),
  );
  app.get<{ Params: { locale: string } }>(
    `/og/:locale.jpg`,
    { schema: { hide: true }, compress: false },
    async (request, reply) => {
      const { locale } = request.params;
      if (!isLocale(locale)) throw new AppError(404, 'not_found', `There is a preview for ${LOCALES.join(', ')} only`);
      // The address carries the version, so the picture may be kept for a day.
      return sendCompressed(request, reply, await previewOf(content.current)(locale), {
        cacheControl: 'public, max-age=86400',
      });
    },
  );
};
