import { HTML_LANG, type Locale } from './locales.js';

/**
 * Uzbek month names as a date writes them (CLDR's `uz` format-wide, "12-avgust, 2026"). Browsers
 * ship no Uzbek date words: Chromium writes "2026 M08 12" for any Uzbek date style, while Node's
 * full ICU writes "12-avgust, 2026", so the words are ours and the server's page and the browser's
 * say the same.
 */
const UZBEK_MONTHS = [
  'yanvar',
  'fevral',
  'mart',
  'aprel',
  'may',
  'iyun',
  'iyul',
  'avgust',
  'sentabr',
  'oktabr',
  'noyabr',
  'dekabr',
] as const;

export interface DateWordsOptions {
  /** `long` ("August 12, 2026") for a page's date, `medium` ("Aug 12, 2026") for the owner's lists. */
  style: 'long' | 'medium';
  /** With the time of day ("Aug 12, 2026, 9:30 AM"). */
  time?: boolean;
  /** The zone the date is read in: `UTC` for an entry's day, which every reader sees the same; the reader's own when left out. */
  timeZone?: string;
}

/**
 * A moment in a language's words. Uzbek is built from numbers the runtime gives in any locale and
 * our month names, always in full ("12-avgust, 2026, 09:30"); the other languages are Intl's own.
 */
export function dateWords(
  locale: Locale,
  { style, time = false, timeZone }: DateWordsOptions,
): (moment: Date) => string {
  if (locale === 'lotin') {
    const numbers = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    return (moment) => {
      const part = Object.fromEntries(numbers.formatToParts(moment).map(({ type, value }) => [type, value]));
      const day = `${part.day}-${UZBEK_MONTHS[Number(part.month) - 1]}, ${part.year}`;
      return time ? `${day}, ${part.hour}:${part.minute}` : day;
    };
  }
  const format = new Intl.DateTimeFormat(HTML_LANG[locale], {
    dateStyle: style,
    timeStyle: time ? 'short' : undefined,
    timeZone,
  });
  return (moment) => format.format(moment);
}

/** A time of day in a language's words: 09:30 in Uzbek and Russian, 9:30 AM in English. */
export function timeWords(locale: Locale, timeZone?: string): (moment: Date) => string {
  const format = new Intl.DateTimeFormat(locale === 'lotin' ? 'en-US' : HTML_LANG[locale], {
    hour: locale === 'english' ? 'numeric' : '2-digit',
    minute: '2-digit',
    hourCycle: locale === 'english' ? undefined : 'h23',
    timeZone,
  });
  return (moment) => format.format(moment);
}
