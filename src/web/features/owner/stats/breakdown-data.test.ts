import { describe, expect, it } from 'vitest';
import { breakdownRows } from './breakdown-data.js';

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
});
