import type { FastifyRequest } from 'fastify';
import { entryPagePaths } from '../collections/entry-pages.js';
import type { ContentSnapshot, ContentState } from '../content/content-state.js';
import { perVersion } from '../lib/per-version.js';
import { countedPath } from './visit-values.js';

/**
 * The facts of a goal the server reads itself (docs/decisions/041-goals.md): the page it happened
 * on, and which outbound links count.
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

/**
 * Every outbound address the published content shows: the footer's social links, the portfolio's
 * live links and each visible project's links. Only a click on one of these is a goal; any other
 * address a beacon names is dropped without being stored.
 */
export function outboundLinks(snapshot: ContentSnapshot): Set<string> {
  const { content, entries } = snapshot;
  const links = [
    ...content.footer.social_links.map((social) => social.url),
    ...content.portfolio.items.map((item) => item.url),
    ...entries.visible.flatMap((entry) =>
      entry.collection === 'projects' && 'links' in entry.content ? Object.values(entry.content.links) : [],
    ),
  ];
  return new Set(links.flatMap((link) => (typeof link === 'string' ? (normalLink(link) ?? []) : [])));
}

/** Whether an address is one of the entries the served content has: what a page counts as itself. */
export function entryPageCheck(content: ContentState): (path: string) => boolean {
  const pathsOf = perVersion((snapshot: ContentSnapshot) => entryPagePaths(snapshot));
  return (path) => pathsOf(content.current).has(path);
}
