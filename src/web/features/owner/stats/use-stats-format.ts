import { useMemo } from 'react';
import { HTML_LANG, type Locale } from '../../../../shared/locales.js';
import { numberWords } from '../../../../shared/number-words.js';
import { useLocale } from '../../../shared/lib/use-locale.js';

/** Numbers, UTC days and hours the way the owner's chosen language writes them. */
export interface StatsFormat {
  number: (value: number) => string;
  /** Short numbers for the axis: 1.2K. */
  compact: (value: number) => string;
  /** A change: whole percent. */
  percent: (value: number) => string;
  /** A share of all visits: one decimal, always, so a column of them lines up. */
  share: (value: number) => string;
  /** A day on the axis: "Nov 5". */
  shortDay: (day: string) => string;
  /** A day in full: "Nov 5, 2026". */
  day: (day: string) => string;
  /** A UTC hour: "09:00". */
  hour: (hour: number) => string;
  /** Two days as one period: "Nov 5 – 30, 2026". */
  range: (from: string, to: string) => string;
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * Browsers ship no Uzbek month names (Chromium writes "2026 M11 22"), so Uzbek gets the numeric
 * day.month.year that Uzbek documents use; the other languages get Intl's own words.
 */
function dayFormats(locale: Locale): Pick<StatsFormat, 'shortDay' | 'day' | 'range'> {
  if (locale === 'lotin') {
    const parts = (day: string) => day.split('-') as [string, string, string];
    const shortDay = (day: string) => {
      const [, month, date] = parts(day);
      return `${date}.${month}`;
    };
    const day = (value: string) => `${shortDay(value)}.${parts(value)[0]}`;
    return { shortDay, day, range: (from, to) => (from === to ? day(from) : `${day(from)} – ${day(to)}`) };
  }
  const language = HTML_LANG[locale];
  const short = new Intl.DateTimeFormat(language, { timeZone: 'UTC', day: 'numeric', month: 'short' });
  const long = new Intl.DateTimeFormat(language, { timeZone: 'UTC', dateStyle: 'medium' });
  return {
    shortDay: (day) => short.format(utc(day)),
    day: (day) => long.format(utc(day)),
    range: (from, to) => (from === to ? long.format(utc(from)) : long.formatRange(utc(from), utc(to))),
  };
}

/** Percent from 0–100 figures (Intl's percent style counts from 0–1). */
function percentWords(locale: Locale, options: Intl.NumberFormatOptions): (value: number) => string {
  const format = numberWords(locale, options);
  return (value) => format(value / 100);
}

/** Numbers in the owner's language (Uzbek with its own marks: `shared/number-words.ts`), UTC days and hours. */
export function useStatsFormat(): StatsFormat {
  const locale = useLocale();
  return useMemo(
    () => ({
      number: numberWords(locale, { maximumFractionDigits: 1 }),
      compact: numberWords(locale, { notation: 'compact', maximumFractionDigits: 1 }),
      percent: percentWords(locale, { style: 'percent', maximumFractionDigits: 0 }),
      share: percentWords(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      hour: (hour) => `${String(hour).padStart(2, '0')}:00`,
      ...dayFormats(locale),
    }),
    [locale],
  );
}
