import { describe, expect, it } from 'vitest';
import { numberWords } from './number-words.js';

const VALUES = [0, 7, 999, 1234, 12_345.6, 999_950, 1_234_567, 2.5e9, 3e12, -4321.5, 0.125];
const OPTIONS: Intl.NumberFormatOptions[] = [
  { maximumFractionDigits: 1 },
  { notation: 'compact', maximumFractionDigits: 1 },
  { style: 'percent', maximumFractionDigits: 0 },
  { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 },
  ...(['byte', 'kilobyte', 'megabyte'] as const).map(
    (unit): Intl.NumberFormatOptions => ({ style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }),
  ),
];

describe('numbers in words', () => {
  it('writes Uzbek as Node’s full ICU does, without the browser’s Uzbek data', () => {
    for (const options of OPTIONS) {
      const ours = numberWords('lotin', options);
      const icu = new Intl.NumberFormat('uz', options);
      for (const value of VALUES) expect(ours(value), `${value} ${JSON.stringify(options)}`).toBe(icu.format(value));
    }
  });

  it('spells the marks out: thousands apart, a decimal comma, the short scale', () => {
    expect(numberWords('lotin', { maximumFractionDigits: 1 })(12_345.6)).toBe('12\u00a0345,6');
    expect(numberWords('lotin', { notation: 'compact', maximumFractionDigits: 1 })(12_345)).toBe('12,3\u00a0ming');
    expect(numberWords('russian', { notation: 'compact', maximumFractionDigits: 1 })(12_345)).toBe('12,3\u00a0тыс.');
    expect(numberWords('english', { maximumFractionDigits: 1 })(12_345.6)).toBe('12,345.6');
  });
});
