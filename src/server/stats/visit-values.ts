import { matchPage } from '../../shared/pages.js';
import { OTHER_VALUE } from '../../shared/schemas/stats.js';

/**
 * What a visit's facts are kept as. Visitors write them (anyone can call the visitor API), and the
 * owner reads them in the dashboard, the weekly e-mail and the terminal, so only values the site
 * knows are kept: one of its own page addresses, a referrer's valid host name. Anything else is
 * counted, as "other", but never stored as written. The migration 2026-11-23T0400 applied the same
 * rules to the visits and daily aggregates stored before.
 */

/** A host name (letters, digits and hyphens in dot-separated labels; IPv4 included) or an IPv6 address in brackets, with an optional port. */
const HOST =
  /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;
const MAX_HOST_LENGTH = 253;

/**
 * The page a visit began on: the site's own page address, `OTHER_VALUE` for any other, null when not
 * given. An entry's address (`/notes/<slug>`) counts as itself only when `isEntryPage` knows it, so a
 * made-up slug never becomes a row of the owner's pages table.
 */
export function countedPath(
  path: string | undefined,
  isEntryPage: (path: string) => boolean = () => false,
): string | null {
  if (path === undefined) return null;
  const page = matchPage(path);
  if (page === undefined) return OTHER_VALUE;
  return page.slug === undefined || isEntryPage(path) ? path : OTHER_VALUE;
}

/** Whether a URL's `host` (already lower-cased and punycoded by the URL parser) is a valid host name. */
function isValidHost(host: string): boolean {
  return host.length <= MAX_HOST_LENGTH && HOST.test(host);
}

/**
 * Only the referring host is kept: enough for statistics, nothing personal from the URL. A reload
 * or a link within the site names the site itself, which is no referrer; a host that is not a valid
 * host name (`http://__proto__/`) is `OTHER_VALUE`.
 */
export function countedReferrerHost(referrer: string | undefined, siteHost: string | undefined): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    host = new URL(referrer).host.toLowerCase();
  } catch {
    return OTHER_VALUE;
  }
  if (host === siteHost?.toLowerCase()) return null;
  return isValidHost(host) ? host : OTHER_VALUE;
}

/** The most characters a campaign's source, medium or name keeps. */
export const MAX_CAMPAIGN_VALUE_LENGTH = 100;

/**
 * Controls (C0, DEL, C1), the bidirectional marks, embeddings, overrides and isolates (which can make
 * a row read backwards in the owner's table), zero-width characters and the byte-order mark.
 */
const UNSEEN = /[\p{Cc}\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;

/**
 * A campaign's source, medium or name as kept (issue 30): anyone can put anything in a link's
 * `utm_*`, so it is stripped of controls and invisible direction marks, its runs of spaces made one,
 * trimmed and cut to `MAX_CAMPAIGN_VALUE_LENGTH` characters (never inside a surrogate pair). Letters
 * keep their case, as in Plausible. Null when nothing is left.
 */
export function countedCampaignValue(value: string | undefined): string | null {
  if (value === undefined) return null;
  const cleaned = value.replace(UNSEEN, ' ').replace(/\s+/gu, ' ').trim();
  const kept = Array.from(cleaned).slice(0, MAX_CAMPAIGN_VALUE_LENGTH).join('').trim();
  return kept === '' || kept === OTHER_VALUE ? null : kept;
}
