/**
 * Reads CSV as a spreadsheet does with the given list separator (RFC 4180): the byte-order mark
 * skipped, quoted cells holding separators, quotes (doubled) and line ends as one cell. For tests: the
 * file must end its last row with CRLF, as `toCsv` writes it.
 */
export function readCsv(csv: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = csv.replace(/^\uFEFF/, '');
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0)
    throw new Error(`The CSV does not end its last row with CRLF: ${JSON.stringify(csv.slice(-40))}`);
  return rows;
}
