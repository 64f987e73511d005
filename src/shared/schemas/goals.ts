import { z } from 'zod';
import { GOALS, MAX_GOAL_LINK_LENGTH } from '../goals.js';
import { LOCALES } from '../locales.js';

const count = z.number().int().nonnegative();

/** The most rows of one goal's breakdown the statistics answer, largest first. */
export const GOAL_BREAKDOWN_LIMIT = 20;

const goalCountSchema = z.object({
  value: z.string().nullable().describe('null: not known (a CV linked from another site has no page)'),
  completions: count,
});
export type GoalCount = z.infer<typeof goalCountSchema>;
const goalBreakdown = z.array(goalCountSchema).max(GOAL_BREAKDOWN_LIMIT);

const goalStatsSchema = z.object({
  goal: z.enum(GOALS),
  completions: count.describe('Times the goal was reached (an outbound link once per visit)'),
  visitors: count.describe(
    'Visitors who reached it; a CV download carries no visitor, so each counts as one; over days whose raw rows are gone, the sum of each day’s',
  ),
  languages: goalBreakdown.describe('By language: the CV’s, the message’s, the page’s'),
  pages: goalBreakdown.describe('By the page of the site it happened on'),
  targets: goalBreakdown.describe('The CV’s format (pdf, json), or the outbound link’s address'),
});
export type GoalStats = z.infer<typeof goalStatsSchema>;

/** Goals in a range of days: always the three, in the order of GOALS. */
export const goalsSchema = z
  .array(goalStatsSchema)
  .describe(
    'A CV downloaded, a message sent, an outbound link clicked; conversion rate = visitors ÷ the period’s visitors',
  );

/**
 * An outbound click, sent with navigator.sendBeacon (which cannot set headers, so the visitor key is
 * in the body; the page sends it as a JSON Blob). Strict and bounded: anything else is a 400.
 */
export const goalBeaconSchema = z.strictObject({
  key: z.string().max(200).describe('The visitor key (X-Visitor-Key)'),
  link: z.string().max(MAX_GOAL_LINK_LENGTH).describe('The address clicked; counted only if the site shows it'),
  page: z.string().startsWith('/').max(300).describe('The page it was clicked on'),
  locale: z.enum(LOCALES).optional(),
});
