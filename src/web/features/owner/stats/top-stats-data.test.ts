import { describe, expect, it } from 'vitest';
import { topFigures, visitsPerVisitor } from './top-stats-data.js';

describe('the headline figures', () => {
  it('divides visits by visitors to one decimal, and nobody is zero', () => {
    expect(visitsPerVisitor({ visits: 7, visitors: 4 })).toBe(1.8);
    expect(visitsPerVisitor({ visits: 0, visitors: 0 })).toBe(0);
  });

  it('lists visitors, visits, visits per visitor, new and returning, each with its change', () => {
    const figures = topFigures({
      totals: { visitors: 4, visits: 7, newVisitors: 3, returningVisitors: 1 },
      previous: {
        from: '2026-11-07',
        to: '2026-11-09',
        visitors: 1,
        visits: 2,
        newVisitors: 1,
        returningVisitors: 0,
      },
    });
    expect(figures).toEqual([
      { key: 'visitors', value: 4, previous: 1, change: 300 },
      { key: 'visits', value: 7, previous: 2, change: 250 },
      { key: 'visits_per_visitor', value: 1.8, previous: 2, change: -10 },
      { key: 'new_visitors', value: 3, previous: 1, change: 200 },
      { key: 'returning_visitors', value: 1, previous: 0, change: null },
    ]);
  });
});
