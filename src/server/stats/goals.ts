import type { FastifyRequest } from 'fastify';
import { countedPath } from './visit-values.js';

/**
 * The facts of a goal the server reads itself (docs/decisions/041-goals.md): the page it happened
 * on, and a link as browsers write it. Which links count: `collections/outbound-links.ts`.
 */

/**
 * The site's page a request was made from, read from its Referer (the site sends
 * strict-origin-when-cross-origin, so a same-site request carries its page's path), counted as a
 * visit's page is. Null when there is none or it is another site's (a CV linked from elsewhere).
 */
export function pageOfReferer(request: FastifyRequest, isEntryPage?: (path: string) => boolean): string | null {
  const referer = request.headers.referer;
  if (typeof referer !== 'string' || referer.length > 2_000) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  let siteHost: string;
  try {
    // Through URL too, so a default port (localhost:80) reads as the browser writes it.
    siteHost = new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return null;
  }
  if (url.host !== siteHost) return null;
  return countedPath(url.pathname.slice(0, 300), isEntryPage);
}

/** An address as browsers write `a.href`, for comparing; undefined when it is not one. */
export function normalLink(link: string): string | undefined {
  try {
    const url = new URL(link);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}
