import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { successResponseSchema } from './api.js';

/**
 * The dashboard's "Now" (issue 30, decision 044): the visitors of the last five minutes and the page
 * each of them is on. The site records a visit at each page load, not at each move inside the page
 * (`features/visitor/visitor.ts`), so "the page they are on" is the page of each visitor's latest
 * visit in the window: the page they last opened.
 */
export const NOW_WINDOW_MINUTES = 5;

const count = z.number().int().nonnegative();

const nowPageSchema = z.object({
  value: z.string().nullable().describe('The page’s path; null when the visit did not say'),
  visitors: count.describe('Visitors whose latest visit in the window was on this page'),
  titles: z
    .partialRecord(z.enum(LOCALES), z.string())
    .optional()
    .describe('The title of the note or project the page shows, in the languages it has'),
});

/** The most pages the answer lists, the busiest first. */
export const NOW_PAGES_LIMIT = 50;

const statsNowSchema = z.object({
  visitors: count.describe(`Visitors with a visit in the last ${NOW_WINDOW_MINUTES} minutes`),
  since: z.string().describe('The window’s start, an ISO timestamp'),
  pages: z
    .array(nowPageSchema)
    .max(NOW_PAGES_LIMIT)
    .describe('The page of each visitor’s latest visit in the window, counted per page, the busiest first'),
});
export type StatsNow = z.infer<typeof statsNowSchema>;

export const statsNowResponseSchema = successResponseSchema(statsNowSchema);
