import type { ContentSnapshot, ContentState } from '../content/content-state.js';
import { perVersion } from '../lib/per-version.js';
import { normalLink } from '../stats/goals.js';
import { entryPagePaths } from './entry-pages.js';

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
