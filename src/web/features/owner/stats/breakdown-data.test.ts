import { describe, expect, it } from 'vitest';
import { type BreakdownLabels, breakdownLabel, breakdownRows, pageTitle } from './breakdown-data.js';

describe('a breakdown', () => {
  it('gives each row its share of all visits and a bar against the largest row', () => {
    const rows = breakdownRows(
      [
        { value: null, visits: 4 },
        { value: 't.me', visits: 2 },
        { value: 'www.google.com', visits: 1 },
      ],
      8,
    );
    expect(rows).toEqual([
      { value: null, visits: 4, share: 50, bar: 100 },
      { value: 't.me', visits: 2, share: 25, bar: 50 },
      { value: 'www.google.com', visits: 1, share: 12.5, bar: 25 },
    ]);
  });

  it('is empty without visits, and never divides by zero', () => {
    expect(breakdownRows([], 0)).toEqual([]);
    expect(breakdownRows([{ value: '/', visits: 0 }], 0)).toEqual([{ value: '/', visits: 0, share: 0, bar: 0 }]);
  });

  it('names known values, says "other" and "direct", and shows any other value as it is, __proto__ included', () => {
    const labels: BreakdownLabels = {
      names: new Map(Object.entries({ lotin: 'Uzbek (Latin)', english: 'English' })),
      direct: '(direct)',
      notGiven: '(not given)',
      other: '(other pages and sources)',
    };
    expect(breakdownLabel('languages', 'lotin', labels)).toBe('Uzbek (Latin)');
    expect(breakdownLabel('referrers', null, labels)).toBe('(direct)');
    expect(breakdownLabel('themes', null, labels)).toBe('(not given)');
    expect(breakdownLabel('pages', '(other)', labels)).toBe('(other pages and sources)');
    for (const value of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(breakdownLabel('languages', value, labels)).toBe(value);
      expect(breakdownLabel('referrers', value, labels)).toBe(value);
    }
  });

  it("names an entry's page in the owner's language, else in the entry's first language, else not at all", () => {
    const titles = { russian: 'Контраст — это тест', english: 'Contrast is a test' };
    expect(pageTitle(titles, 'english')).toBe('Contrast is a test');
    expect(pageTitle(titles, 'russian')).toBe('Контраст — это тест');
    // No Uzbek title: the first of the languages it has, in the site's order.
    expect(pageTitle(titles, 'lotin')).toBe('Контраст — это тест');
    expect(pageTitle({ english: 'Only English' }, 'lotin')).toBe('Only English');
    expect(pageTitle(undefined, 'lotin')).toBeUndefined();
    expect(pageTitle({}, 'english')).toBeUndefined();
  });
});
