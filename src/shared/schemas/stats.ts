import { z } from 'zod';
import { isRealDay, lastAllowedDay } from '../days.js';
import { LOCALES } from '../locales.js';
import { successResponseSchema } from './api.js';
import { goalsSchema } from './goals.js';

/**
 * The owner's statistics (`GET /api/v1/owner/stats`). Days are UTC days, `YYYY-MM-DD`; a range
 * includes both ends. Each error message is a stable code the dashboard translates.
 */
const STATS_QUERY_ERRORS = ['required', 'invalid_date', 'reversed_range', 'range_too_long'] as const;
type StatsQueryError = (typeof STATS_QUERY_ERRORS)[number];

const daySchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid_date') satisfies StatsQueryError })
  .refine(isRealDay, { error: 'invalid_date' satisfies StatsQueryError })
  .describe('A UTC day, YYYY-MM-DD');

export const statsQuerySchema = z.object({ from: daySchema, to: daySchema }).superRefine(({ from, to }, context) => {
  // Zod still runs this after a day failed its check; such a day was reported already.
  if (!isRealDay(from) || !isRealDay(to)) return;
  if (to < from) context.addIssue({ code: 'custom', path: ['to'], message: 'reversed_range' });
  else if (to > lastAllowedDay(from)) context.addIssue({ code: 'custom', path: ['to'], message: 'range_too_long' });
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

const count = z.number().int().nonnegative();

const periodTotalsSchema = z.object({
  visitors: count.describe('Unique visitors'),
  visits: count,
  newVisitors: count.describe('Visitors whose first visit falls in the period'),
  returningVisitors: count.describe('Visitors first seen before the period'),
});
export type PeriodTotals = z.infer<typeof periodTotalsSchema>;

const seriesPointSchema = z.object({
  day: z.string(),
  hour: z.number().int().min(0).max(23).optional().describe('UTC hour, when the series is per hour'),
  visitors: count,
  visits: count,
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

/**
 * The breakdown value of every page that is not one of the site's own and every referrer that is
 * not a valid host name (docs/decisions: statistics input rules). Neither a path (they start with
 * `/`) nor a host name (no parentheses) can be written like it.
 */
export const OTHER_VALUE = '(other)';

const breakdownItemSchema = z.object({
  value: z
    .string()
    .nullable()
    .describe(`null: the visit did not say (no referrer: a direct visit); ${OTHER_VALUE}: any other page or referrer`),
  visits: count,
});
export type BreakdownItem = z.infer<typeof breakdownItemSchema>;

/** The most rows one breakdown answers, largest first. */
export const BREAKDOWN_LIMIT = 100;

const breakdown = z.array(breakdownItemSchema).max(BREAKDOWN_LIMIT);

/** A page's row: a note's or a project's page also has its title, in each language it is written in. */
const pageItemSchema = breakdownItemSchema.extend({
  titles: z
    .partialRecord(z.enum(LOCALES), z.string())
    .optional()
    .describe(
      'The title of the note or project the page shows (a portfolio item’s in every language), in the languages it has; absent for the fixed pages and for a page that no longer exists',
    ),
});
export type PageItem = z.infer<typeof pageItemSchema>;

const downloadCountSchema = z.object({ value: z.string(), downloads: count });

/** CV downloads (`/cv/{language}.pdf` and `.json`) in the same days, counted with the visits' rules. */
const cvDownloadsSchema = z.object({
  total: count,
  days: z.array(z.object({ day: z.string(), downloads: count })).describe('The days that had downloads, in order'),
  languages: z.array(downloadCountSchema).describe('By the CV’s language, largest first'),
  formats: z.array(downloadCountSchema).describe('pdf or json, largest first'),
});
export type CvDownloads = z.infer<typeof cvDownloadsSchema>;

export const statsSchema = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(['day', 'hour']).describe('hour for a single day whose visits are still kept'),
  totals: periodTotalsSchema,
  previous: periodTotalsSchema.extend({ from: z.string(), to: z.string() }),
  series: z.array(seriesPointSchema),
  pages: z.array(pageItemSchema).max(BREAKDOWN_LIMIT).describe('Visits by the page they began on'),
  languages: breakdown,
  themes: breakdown,
  devices: breakdown,
  referrers: breakdown.describe(
    'Visits by referring host; well-known sites by their name (t.co and x.com: X; every Google: Google), which starts with a capital letter',
  ),
  sources: breakdown.describe('Visits by the utm_source (or ref) of the address they began on'),
  mediums: breakdown.describe('Visits by the utm_medium of the address they began on'),
  campaigns: breakdown.describe('Visits by the utm_campaign of the address they began on'),
  countries: breakdown.describe(
    'Visits by country: a two-letter ISO 3166-1 code in upper case (UZ); null: unknown (before countries were kept, a private address, one the database does not know)',
  ),
  now: count.describe('Visitors in the last 5 minutes'),
  detailedSince: z
    .string()
    .nullable()
    .describe(
      'The first day whose visits are kept; before it only daily aggregates remain, and unique visitors over several such days are the sum of each day’s',
    ),
  cvDownloads: cvDownloadsSchema,
  goals: goalsSchema,
});
export type Stats = z.infer<typeof statsSchema>;

export const statsResponseSchema = successResponseSchema(statsSchema);

/** The owner's "don't count this browser" switch (see `NOT_COUNTED_COOKIE`). */
export const thisBrowserSchema = z.strictObject({
  counted: z.boolean().describe('false: visits from this browser are not counted, also when signed out'),
});
export type ThisBrowser = z.infer<typeof thisBrowserSchema>;
export const thisBrowserResponseSchema = successResponseSchema(thisBrowserSchema);

/** The weekly summary e-mail: whether the owner wants it, and whether e-mail is set up at all. */
export const weeklySummaryBodySchema = z.strictObject({
  enabled: z.boolean().describe('true: once a week, e-mail the last seven days’ figures to MAIL_TO'),
  day: z.int().min(1).max(7).optional().describe('The day it goes, 1 (Monday) to 7 (Sunday), UTC; unchanged if absent'),
  hour: z.int().min(0).max(23).optional().describe('The hour it goes, 0 to 23, UTC; unchanged if absent'),
});
export type WeeklySummaryBody = z.infer<typeof weeklySummaryBodySchema>;
const weeklySummarySchema = z.object({
  enabled: z.boolean(),
  day: z.int().min(1).max(7).describe('1 (Monday, the default) to 7 (Sunday), UTC'),
  hour: z.int().min(0).max(23).describe('0 to 23 UTC (6 by default)'),
  emailConfigured: z
    .boolean()
    .describe('false: SMTP_URL, MAIL_FROM and MAIL_TO are not all set; it cannot be turned on'),
  lastWeek: z.string().nullable().describe('The ISO week (2026-W47) of the last summary queued'),
});
export type WeeklySummary = z.infer<typeof weeklySummarySchema>;
export const weeklySummaryResponseSchema = successResponseSchema(weeklySummarySchema);
