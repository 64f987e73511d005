/**
 * UTC days as `YYYY-MM-DD` text, the statistics' unit (docs/decisions/017-statistics-storage.md).
 * Free of zod and of Node, so the server, the schemas and the owner's dashboard share one copy.
 */

const DAY_MS = 86_400_000;

/** The longest range one statistics request may ask for: five years. */
const MAX_RANGE_YEARS = 5;

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

/** Whether `YYYY-MM-DD` names a day that exists (no 2026-02-30), between 1970 and 9999. */
export function isRealDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1970 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The last day a range starting on `from` may end on: five years, less a day. */
export function lastAllowedDay(from: string): string {
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  return dayOf(new Date(Date.UTC(year + MAX_RANGE_YEARS, month - 1, day - 1)));
}

/** The same day `months` months later (earlier when negative); the 31st of a short month runs over, as Date does. */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return dayOf(new Date(Date.UTC(year, month - 1 + months, date)));
}

/**
 * The ISO 8601 week of a day: weeks start on Monday, and week 1 is the one with the year's first
 * Thursday, so the days around New Year may belong to the other year's week.
 */
export function isoWeek(day: string): { week: string; monday: string; sunday: string } {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = addDays(day, -weekday);
  const thursday = addDays(monday, 3);
  const year = Number(thursday.slice(0, 4));
  const number = Math.floor((daysBetween(`${year}-01-01`, thursday) - 1) / 7) + 1;
  return { week: `${year}-W${String(number).padStart(2, '0')}`, monday, sunday: addDays(monday, 6) };
}
