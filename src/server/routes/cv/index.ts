import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CV_PAPER_SIZES, type CvFormat, type CvPaperSize, cvPath } from '../../../shared/cv.js';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../../shared/locales.js';
import { sessionOf } from '../../auth/current-session.js';
import { entryPageCheck } from '../../collections/outbound-links.js';
import type { ContentSnapshot, ContentState } from '../../content/content-state.js';
import { CvCache } from '../../cv/cv-cache.js';
import { contentVersion, cvContent } from '../../cv/cv-content.js';
import { attachmentDisposition, cvFileName } from '../../cv/cv-file-name.js';
import { renderCvPdfAside } from '../../cv/cv-render-process.js';
import { jsonResume } from '../../cv/json-resume.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { perVersion } from '../../lib/per-version.js';
import { type CompressedBody, compressBody, readyBody, sendCompressed } from '../../lib/precompressed.js';
import { recordCvDownload } from '../../repositories/cv-download-repository.js';
import { recordGoal } from '../../repositories/goal-repository.js';
import { pageOfReferer } from '../../stats/goals.js';
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

interface CvTarget {
  format: CvFormat;
  locale: Locale;
  paper: CvPaperSize;
}

/**
 * The CVs made ahead after a publish, one after another, in the order visitors most likely ask for
 * them: the default language's A4 first, the other languages' A4, then US Letter; the JSON Resumes
 * (under a millisecond each, made here; their compression runs in libuv's pool) last.
 */
const MADE_AHEAD: readonly CvTarget[] = [
  ...(['a4', 'letter'] as const).flatMap((paper) =>
    [DEFAULT_LOCALE, ...LOCALES.filter((locale) => locale !== DEFAULT_LOCALE)].map((locale) => ({
      format: 'pdf' as const,
      locale,
      paper,
    })),
  ),
  ...LOCALES.map((locale) => ({ format: 'json' as const, locale, paper: 'a4' as const })),
];

/**
 * The CV a visitor can take away (`/cv/{language}.pdf`, `?paper=letter`, and `/cv/{language}.json`),
 * made from the site's content ahead or on its first request, kept for the content's version, and counted
 * in the owner's statistics with the visits' rules. PDFs are made in the CV process, one at a time,
 * never on the event loop, and made ahead whenever a new version is served (decision 038). These are
 * files, like `/og/*.jpg` and the sitemap, so they stay out of the API's OpenAPI document.
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
  const isEntryPage = entryPageCheck(contentState);
  // Revalidated every time (cheap: an ETag), so a CV made from newly published content is never stale.
  const cacheControl = 'public, no-cache';

  async function count(request: FastifyRequest, locale: Locale, format: CvFormat): Promise<void> {
    if (request.method !== 'GET' || (await notCountedReason(request, isOwner))) return;
    try {
      // One download, counted once: the day's counter and its goal (with the page it came from,
      // decision 041) in one transaction.
      const page = pageOfReferer(request, isEntryPage);
      await db.transaction().execute(async (transaction) => {
        await recordCvDownload(transaction, locale, format);
        await recordGoal(transaction, { goal: 'cv', locale, page, target: format });
      });
    } catch (error) {
      // A download is worth more than its count.
      request.log.error({ err: error }, 'could not count a CV download');
    }
  }

  /** A CV of `snapshot`, made once per version, site address and target, and shared. */
  function made(snapshot: ContentSnapshot, { format, locale, paper }: CvTarget): Promise<CompressedBody> {
    const origin = siteOrigin();
    // A new address, like new content, makes every CV anew (the CV names the site's address).
    return cache.get(`${versionOf(snapshot)}|${origin}`, `${format}|${locale}|${paper}`, async () => {
      const cv = cvContent(snapshot.content, locale, origin);
      if (format === 'json') {
        const document = jsonResume(cv, `${origin}${cvPath(locale, 'json')}`);
        return compressBody('application/json; charset=utf-8', JSON.stringify(document, null, 2));
      }
      return readyBody('application/pdf', await renderCvPdfAside(cv, paper));
    });
  }

  // After a publish (here, or noticed by the content-refresh job), the new version's CVs are made
  // before anyone asks, one at a time: a request meanwhile shares the one under way or waits behind
  // at most one. A newer version, or the server closing, stops the round.
  let closed = false;
  const makeAhead = async (snapshot: ContentSnapshot) => {
    for (const target of MADE_AHEAD) {
      if (closed || contentState.current !== snapshot) return;
      try {
        await made(snapshot, target);
      } catch (error) {
        // The request that needs it tries again, and answers the failure if it fails again.
        app.log.warn({ err: error, cv: target }, 'could not make a CV ahead');
      }
    }
  };
  const stopMakingAhead = contentState.onChange((snapshot) => {
    void makeAhead(snapshot);
  });
  app.addHook('onClose', async () => {
    closed = true;
    stopMakingAhead();
  });

  async function send(request: FastifyRequest, reply: FastifyReply, locale: Locale, format: CvFormat) {
    const query = request.query as Record<string, unknown>;
    const paper: CvPaperSize = format === 'pdf' && query.paper === 'letter' ? 'letter' : 'a4';
    if (query.paper !== undefined && !(CV_PAPER_SIZES as readonly unknown[]).includes(query.paper)) {
      return reply.callNotFound();
    }
    const snapshot = contentState.current;
    let body: CompressedBody;
    try {
      body = await made(snapshot, { format, locale, paper });
    } catch (error) {
      // The CV process failed or died: this request hears so at once; the next one tries again.
      request.log.error({ err: error, cv: { format, locale, paper } }, 'the CV could not be made');
      reply.header('cache-control', 'no-store').header('retry-after', '1');
      throw new AppError(503, 'service_unavailable', 'The CV could not be made just now. Please try again.');
    }
    await count(request, locale, format);
    reply.header('content-disposition', attachmentDisposition(cvFileName(snapshot.content, locale, format)));
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
