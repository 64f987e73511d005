import { useMemo } from 'react';
import { HTML_LANG, type Locale } from '../../../../shared/locales.js';
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

export function useStatsFormat(): StatsFormat {
  const locale = useLocale();
  return useMemo(() => {
    const language = HTML_LANG[locale];
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const compact = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
    const share = new Intl.NumberFormat(language, {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    return {
      number: (value) => number.format(value),
      compact: (value) => compact.format(value),
      percent: (value) => percent.format(value / 100),
      share: (value) => share.format(value / 100),
      hour: (hour) => `${String(hour).padStart(2, '0')}:00`,
      ...dayFormats(locale),
    };
  }, [locale]);
}
