import { describe, expect, it } from 'vitest';
import { busiestPoint, graphMaximum, graphPoints, hasAggregatedDays } from './graph-data.js';

/** A daily series, one [day, visitors, visits] a day. */
const daily = (...days: [string, number, number][]) =>
  days.map(([day, visitors, visits]) => ({ day, visitors, visits }));

describe('the main graph data', () => {
  const now = new Date('2026-11-22T11:30:00Z');

  it('keeps past days, marks today partial, and leaves the days to come out', () => {
    const points = graphPoints(daily(['2026-11-21', 2, 3], ['2026-11-22', 1, 1], ['2026-11-23', 0, 0]), now);
    expect(points).toEqual([
      { day: '2026-11-21', visitors: 2, visits: 3, partial: false },
      { day: '2026-11-22', visitors: 1, visits: 1, partial: true },
    ]);
  });

  it('per hour, stops at the current hour, which is partial', () => {
    const series = Array.from({ length: 24 }, (_, hour) => ({ day: '2026-11-22', hour, visitors: hour, visits: hour }));
    const points = graphPoints(series, now);
    expect(points).toHaveLength(12);
    expect(points.at(-1)).toEqual({ day: '2026-11-22', hour: 11, visitors: 11, visits: 11, partial: true });
    expect(points.filter((point) => point.partial)).toHaveLength(1);
    // A day gone by is drawn whole, every hour finished.
    const yesterday = graphPoints(
      series.map((point) => ({ ...point, day: '2026-11-21' })),
      now,
    );
    expect(yesterday).toHaveLength(24);
    expect(yesterday.some((point) => point.partial)).toBe(false);
  });

  it('finds the busiest point and the largest value', () => {
    const points = graphPoints(daily(['2026-11-19', 1, 4], ['2026-11-20', 5, 4], ['2026-11-21', 0, 0]), now);
    expect(busiestPoint(points)?.day).toBe('2026-11-19');
    expect(graphMaximum(points)).toBe(5);
    expect(busiestPoint(points.map((point) => ({ ...point, visits: 0 })))).toBeUndefined();
  });

  it('notes daily totals only where days before the kept visits had visits', () => {
    const series = daily(['2025-10-01', 3, 4], ['2025-10-02', 0, 0], ['2025-10-03', 1, 1]);
    expect(hasAggregatedDays(series, '2025-10-02')).toBe(true);
    // A new site: nothing before its first visit, so nothing was summed.
    expect(hasAggregatedDays(series.slice(1), '2025-10-03')).toBe(false);
    expect(hasAggregatedDays(series, null)).toBe(false);
    expect(hasAggregatedDays(series, '2025-10-01')).toBe(false);
  });
});
