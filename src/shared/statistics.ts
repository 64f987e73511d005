/**
 * Plain constants of the statistics, free of zod so that the visitor code in the web app's first
 * download stays small.
 */

/**
 * The owner's "don't count this browser" switch: a browser carrying this cookie (value `1`) is not
 * counted (no visitor is created and no visit recorded), also when the owner is signed out there.
 */
export const NOT_COUNTED_COOKIE = 'not_counted';
/** As long as the theme cookie (spec §9): the switch outlives any session. */
export const NOT_COUNTED_COOKIE_MAX_AGE_SECONDS = 1000 * 24 * 60 * 60;

/** The web app cuts a landing address's campaign value to this many characters before sending it. */
export const MAX_SENT_CAMPAIGN_LENGTH = 200;

/** Breakdowns of visits the dashboard shows, each a column of a visit. */
export const STATS_DIMENSIONS = [
  'pages',
  'languages',
  'themes',
  'devices',
  'referrers',
  // The campaign of the landing address: utm_source (or ref), utm_medium, utm_campaign.
  'sources',
  'mediums',
  'campaigns',
  // The two-letter country code; the address it came from is never stored (decision 042).
  'countries',
] as const;
export type StatsDimension = (typeof STATS_DIMENSIONS)[number];

/**
 * A change against the previous period in whole percent. Nothing before and nothing now is no
 * change; something now after nothing before has no percentage (Plausible says +100 %, which reads
 * as "doubled"): null.
 */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 100);
}
