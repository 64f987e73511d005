import { useMemo } from 'react';
import { dateWords, timeWords } from '../../../../shared/date-words.js';
import { useLocale } from '../../../shared/lib/use-locale.js';

/** A stored text that is no date (never written by Sahifa, but read from a database) stays as it is. */
function readable(text: string, format: (moment: Date) => string): string {
  const moment = new Date(text);
  return Number.isNaN(moment.getTime()) ? text : format(moment);
}

/** Moments (a sign-in, a backup, a message) with their time, in the owner's language and time zone. */
export function useDateFormat(): (iso: string) => string {
  const locale = useLocale();
  return useMemo(() => {
    const format = dateWords(locale, { style: 'medium', time: true });
    return (iso: string) => readable(iso, format);
  }, [locale]);
}

/**
 * An entry's day, without a time and read in UTC, as visitors see it on its page: a note dated
 * 12 August is on 12 August in the studio's list wherever the owner is.
 */
export function useEntryDayFormat(): (date: string) => string {
  const locale = useLocale();
  return useMemo(() => {
    const format = dateWords(locale, { style: 'medium', timeZone: 'UTC' });
    return (date: string) => readable(date, format);
  }, [locale]);
}

/** A time of day (a test's delivery, a link's expiry) in the owner's language, whatever the browser's. */
export function useTimeFormat(): (moment: Date) => string {
  const locale = useLocale();
  return useMemo(() => timeWords(locale), [locale]);
}
