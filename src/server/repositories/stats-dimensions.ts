import type { StatsDimension } from '../../shared/statistics.js';
import type { VisitTable } from '../db/schema.js';

/** The column of a visit that each breakdown groups by. */
export const DIMENSION_COLUMNS = {
  pages: 'path',
  languages: 'locale',
  themes: 'theme',
  devices: 'device',
  referrers: 'referrer_host',
} as const satisfies Record<StatsDimension, keyof VisitTable>;

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a moment, in UTC: the days of the statistics are UTC days. */
export function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** The day `days` after (or before, when negative) a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}
