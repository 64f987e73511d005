/**
 * CSV for spreadsheet programs: UTF-8 with a byte-order mark (so Excel shows Cyrillic and Uzbek
 * letters), CRLF line ends, quotes where needed, and cells that start like a formula (= + - @) kept
 * as text, so a visitor's message cannot run anything in the owner's spreadsheet. Shared: the server
 * exports the inbox with it and the dashboard its series, in the browser.
 */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const cell = (value: string | number | null) => {
    let text = value === null ? '' : String(value);
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
