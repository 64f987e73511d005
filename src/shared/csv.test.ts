import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';
import { readCsv } from './test/read-csv.js';

const HOSTILE = [
  '=HYPERLINK("https://evil.example","Open")',
  'x;=HYPERLINK("https://evil.example")',
  'x;=cmd|calc!A1',
  'x,+SUM(1)',
  'x\t-1+2',
  'line one\n@SUM(A1)',
  'a;b,"c"',
];

describe('toCsv', () => {
  it.each([',', ';', '\t'])('lets no visitor text become a formula when a spreadsheet splits on %j', (separator) => {
    const csv = toCsv(
      ['text'],
      HOSTILE.map((text) => [text]),
    );
    const cells = readCsv(csv, separator).slice(1).flat();
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@]/);
    // Each text stays one cell, whatever the separator.
    expect(cells).toHaveLength(HOSTILE.length);
  });

  it('keeps the text readable: a quote before a formula starter, nothing else changed', () => {
    const csv = toCsv(
      ['name', 'count'],
      [
        ['x;=1+1', 3],
        ['Laylo "Karimova"', null],
      ],
    );
    expect(readCsv(csv, ',')).toEqual([
      ['name', 'count'],
      ["x;'=1+1", '3'],
      ['Laylo "Karimova"', ''],
    ]);
  });

  it('starts with a byte-order mark and ends lines with CRLF', () => {
    expect(toCsv(['a'], [['b']])).toBe('\uFEFFa\r\nb\r\n');
  });

  it('keeps negative numbers as numbers', () => {
    expect(toCsv(['n'], [[-5]])).toBe('\uFEFFn\r\n-5\r\n');
  });
});
