import { useTranslation } from 'react-i18next';
import { dateWords } from '../../../shared/date-words.js';
import type { Locale } from '../../../shared/locales.js';
import { useLocale } from '../../shared/lib/use-locale.js';
import styles from './entry-meta.module.css';

const formats = new Map<Locale, (moment: Date) => string>();

/**
 * An entry's date in the language it is shown in. Entries carry their moment in UTC, and it is read
 * in UTC, so the server's page and the browser's (in any time zone) say the same day.
 */
function formatEntryDate(date: string, locale: Locale): string {
  let format = formats.get(locale);
  if (!format) {
    format = dateWords(locale, { style: 'long', timeZone: 'UTC' });
    formats.set(locale, format);
  }
  return format(new Date(date));
}

/**
 * When an entry was published, and how long it takes to read ("5 min read"), in the visitor's
 * language (the minutes were counted at the entry's own language's reading speed).
 */
export function EntryMeta({ date, minutes }: { date: string; minutes: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <p className={styles.meta}>
      {/* Node's and the browser's date data may word a Russian or English month differently: the browser's stays. */}
      <time dateTime={date} suppressHydrationWarning>
        {formatEntryDate(date, locale)}
      </time>
      <span aria-hidden="true"> · </span>
      <span>{t('notes.reading_time', { count: minutes })}</span>
    </p>
  );
}
