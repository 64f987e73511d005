import { addDays, addMonths, dayOf, isRealDay, lastAllowedDay } from '../../../../shared/days.js';

/**
 * The dashboard's periods, as Plausible offers them: each preset ends today (a UTC day, as the
 * server counts), a custom one is any two days at most five years apart. The period lives in the
 * address (`?range=7d`, `?range=custom&from=…&to=…`), so a reload or a shared link keeps it.
 */
export const RANGE_KEYS = ['today', '7d', '30d', '12mo', 'custom'] as const;
type RangeKey = (typeof RANGE_KEYS)[number];
export type PresetKey = Exclude<RangeKey, 'custom'>;

const DEFAULT_RANGE: PresetKey = '30d';

export interface DayRange {
  from: string;
  to: string;
}

export interface ChosenRange extends DayRange {
  key: RangeKey;
}

/** The UTC day of a moment: "today" is the server's today, whatever the owner's time zone. */
export const utcToday = (now = new Date()): string => dayOf(now);

/** The days a preset covers, ending with `today`. */
export function presetRange(key: PresetKey, today: string): DayRange {
  switch (key) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '12mo':
      // The same day a year ago is the previous period's last day: twelve months, not a day more.
      return { from: addDays(addMonths(today, -12), 1), to: today };
  }
}

export type CustomRangeProblem = 'invalid_date' | 'reversed_range' | 'range_too_long';

/** What is wrong with two typed days, in the server's own codes (the API refuses the same). */
export function customRangeProblem({ from, to }: DayRange): CustomRangeProblem | undefined {
  if (!isRealDay(from) || !isRealDay(to)) return 'invalid_date';
  if (to < from) return 'reversed_range';
  if (to > lastAllowedDay(from)) return 'range_too_long';
  return undefined;
}

function isPreset(value: string | null): value is PresetKey {
  return value !== null && value !== 'custom' && (RANGE_KEYS as readonly string[]).includes(value);
}

/** The period an address asks for; anything unreadable falls back to the default. */
export function rangeFromSearch(search: URLSearchParams, today: string): ChosenRange {
  const key = search.get('range');
  if (key === 'custom') {
    const custom = { from: search.get('from') ?? '', to: search.get('to') ?? '' };
    if (customRangeProblem(custom) === undefined) return { key, ...custom };
  }
  const preset = isPreset(key) ? key : DEFAULT_RANGE;
  return { key: preset, ...presetRange(preset, today) };
}

/** The address of a period: presets by name only, so they move on with the days. */
export function searchForRange(range: ChosenRange): URLSearchParams {
  if (range.key === 'custom') return new URLSearchParams({ range: 'custom', from: range.from, to: range.to });
  return range.key === DEFAULT_RANGE ? new URLSearchParams() : new URLSearchParams({ range: range.key });
}
