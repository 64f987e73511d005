import { useMemo } from 'react';
import { HTML_LANG } from '../../../../shared/locales.js';
import { useLocale } from '../../../shared/lib/use-locale.js';

/** Dates and times the way the owner's chosen language writes them. */
export function useDateFormat(): (iso: string) => string {
  const locale = useLocale();
  return useMemo(() => {
    // Browsers ship no Uzbek month names (Chromium writes "2026 M11 22"): numbers read better there.
    const options: Intl.DateTimeFormatOptions =
      locale === 'lotin'
        ? { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }
        : { dateStyle: 'medium', timeStyle: 'short' };
    const format = new Intl.DateTimeFormat(HTML_LANG[locale], options);
    return (iso: string) => format.format(new Date(iso));
  }, [locale]);
}
