/**
 * CSV for spreadsheet programs: UTF-8 with a byte-order mark (so Excel shows Cyrillic and Uzbek
 * letters), CRLF line ends, and cells that cannot run anything in the owner's spreadsheet. Shared: the
 * server exports the inbox with it and the dashboard its series, in the browser.
 *
 * A visitor's text must never become a formula. A spreadsheet opens the file with `,` or, in Russian
 * and Uzbek settings, `;` as its list separator (and some split on tabs), so a cell is guarded as if
 * any of them could split it: it is quoted whenever it holds one, and a formula starter (= + - @) at
 * its start or right after any of them is kept as text with a leading `'`.
 */
const SEPARATORS = /[,;\t]/;
const FORMULA_STARTERS = /(^|[,;\t\r\n])([=+\-@])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const cell = (value: string | number | null) => {
    if (value === null) return '';
    if (typeof value === 'number') return String(value);
    const text = value.replace(FORMULA_STARTERS, "$1'$2");
    return NEEDS_QUOTES.test(text) || SEPARATORS.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
