import { HTML_LANG, type Locale } from './locales.js';

/** CLDR's Uzbek short scale for compact numbers ("12,3 ming"), after en-US's letters. */
const UZBEK_SCALE: Record<string, string> = { K: 'ming', M: 'mln', B: 'mlrd', T: 'trln' };
const NO_BREAK_SPACE = '\u00a0';

/**
 * Numbers in a language's own way. Browsers ship no Uzbek number data (Chromium writes 12,345.6, which
 * an Uzbek reader takes for twelve and a bit), so Uzbek is en-US's figures with CLDR's `uz` marks:
 * a no-break space between thousands, a decimal comma, "ming", "mln" and "mlrd" — what Node's full ICU
 * writes for `uz`. The other languages are Intl's own.
 */
export function numberWords(locale: Locale, options: Intl.NumberFormatOptions = {}): (value: number) => string {
  if (locale !== 'lotin') {
    const format = new Intl.NumberFormat(HTML_LANG[locale], options);
    return (value) => format.format(value);
  }
  const format = new Intl.NumberFormat('en-US', options);
  return (value) =>
    format
      .format(value)
      .replace(/[,.]|(?<=\d)[KMBT]$/g, (mark) => {
        if (mark === ',') return NO_BREAK_SPACE;
        if (mark === '.') return ',';
        return `${NO_BREAK_SPACE}${UZBEK_SCALE[mark]}`;
      })
      // The one unit Sahifa shows whose short name is a word of its own (a backup's size); kB and MB are the same.
      .replace(/ byte$/, ' bayt');
}
