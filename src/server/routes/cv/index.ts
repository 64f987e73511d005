import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CV_PAPER_SIZES, type CvFormat, type CvPaperSize, cvPath } from '../../../shared/cv.js';
import { isLocale, type Locale } from '../../../shared/locales.js';
import { sessionOf } from '../../auth/current-session.js';
import type { ContentSnapshot, ContentState } from '../../content/content-state.js';
import { CvCache } from '../../cv/cv-cache.js';
import { contentVersion, cvContent } from '../../cv/cv-content.js';
import { attachmentDisposition, cvFileName } from '../../cv/cv-file-name.js';
import { jsonResume } from '../../cv/json-resume.js';
import { loadCvRenderer } from '../../cv/load-cv-renderer.js';
import type { Db } from '../../db/database.js';
import { perVersion } from '../../lib/per-version.js';
import { compressBody, readyBody, sendCompressed } from '../../lib/precompressed.js';
import { recordCvDownload } from '../../repositories/cv-download-repository.js';
import { notCountedReason, type OwnerCheck } from '../../stats/not-counted.js';

export interface CvRoutesOptions {
  db: Db;
  /** The content served now; each CV is made from one snapshot of it. */
  content: ContentState;
  /** The site's address now, for the addresses the CV names (its website, its canonical JSON). */
  siteOrigin: () => string;
  /** Whether the request carries the owner's session; the owner's own downloads are not counted. */
  isOwner?: OwnerCheck;
  /** The CVs made so far; tests and the benchmark pass one to look inside. */
  cache?: CvCache;
}

/**
 * The CV a visitor can take away (`/cv/{language}.pdf`, `?paper=letter`, and `/cv/{language}.json`),
 * made from the site's content on its first request, kept for the content's version, and counted
 * in the owner's statistics with the visits' rules. These are files, like `/og/*.jpg` and the
 * sitemap, so they stay out of the API's OpenAPI document.
 */
export const cvRoutes: FastifyPluginAsync<CvRoutesOptions> = async (
  app,
  {
    db,
    content: contentState,
    siteOrigin,
    isOwner = async (request) => (await sessionOf(db, request)) !== undefined,
    cache = new CvCache(),
  },
) => {
  const versionOf = perVersion((snapshot: ContentSnapshot) => contentVersion(snapshot.content));
  // Revalidated every time (cheap: an ETag), so a CV made from newly published content is never stale.
  const cacheControl = 'public, no-cache';

  async function count(request: FastifyRequest, locale: Locale, format: CvFormat): Promise<void> {
    if (request.method !== 'GET' || (await notCountedReason(request, isOwner))) return;
    try {
      await recordCvDownload(db, locale, format);
    } catch (error) {
      // A download is worth more than its count.
      request.log.error({ err: error }, 'could not count a CV download');
    }
  }

  async function send(request: FastifyRequest, reply: FastifyReply, locale: Locale, format: CvFormat) {
    const query = request.query as Record<string, unknown>;
    const paper: CvPaperSize = format === 'pdf' && query.paper === 'letter' ? 'letter' : 'a4';
    if (query.paper !== undefined && !(CV_PAPER_SIZES as readonly unknown[]).includes(query.paper)) {
      return reply.callNotFound();
    }
    const snapshot = contentState.current;
    const { content } = snapshot;
    const origin = siteOrigin();
    // A new address, like new content, makes every CV anew (the CV names the site's address).
    const body = await cache.get(`${versionOf(snapshot)}|${origin}`, `${format}|${locale}|${paper}`, async () => {
      const cv = cvContent(content, locale, origin);
      if (format === 'json') {
        const document = jsonResume(cv, `${origin}${cvPath(locale, 'json')}`);
        return compressBody('application/json; charset=utf-8', JSON.stringify(document, null, 2));
      }
      const render = await loadCvRenderer();
      return readyBody('application/pdf', await render(cv, paper));
    });
    await count(request, locale, format);
    reply.header('content-disposition', attachmentDisposition(cvFileName(content, locale, format)));
    return sendCompressed(request, reply, body, { cacheControl });
  }

  for (const format of ['pdf', 'json'] as const) {
    app.get<{ Params: { locale: string } }>(
      `/cv/:locale.${format}`,
      { schema: { hide: true }, compress: false },
      async (request, reply) => {
        const { locale } = request.params;
        // Unknown languages are unknown paths: the same 404 page as any other.
        if (!isLocale(locale)) return reply.callNotFound();
        return send(request, reply, locale, format);
      },
    );
  }
};
