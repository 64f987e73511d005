import { describe, expect, it } from 'vitest';
import {
  areaPath,
  labelIndexes,
  linePath,
  nearestIndex,
  niceTicks,
  pointX,
  scaleLinear,
  splitAtPartial,
} from './graph-drawing.js';

describe('the main graph geometry', () => {
  it('makes round ticks from zero that cover the largest value', () => {
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    // Nothing yet: still an axis, in whole steps.
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it('maps values and indexes onto the drawing area', () => {
    const y = scaleLinear(10, 200, 0);
    expect([y(0), y(5), y(10)]).toEqual([200, 100, 0]);
    expect(scaleLinear(0, 200, 0)(0)).toBe(200);
    expect([0, 1, 2].map((index) => pointX(index, 3, 40, 100))).toEqual([40, 90, 140]);
    expect(pointX(0, 1, 40, 100)).toBe(90);
  });

  it('finds the point under the pointer, within bounds', () => {
    expect(nearestIndex(94, 3, 40, 100)).toBe(1);
    expect(nearestIndex(0, 3, 40, 100)).toBe(0);
    expect(nearestIndex(999, 3, 40, 100)).toBe(2);
    expect(nearestIndex(50, 1, 40, 100)).toBe(0);
  });

  it('draws a line and the area under it', () => {
    const positions = [
      [0, 10],
      [5.04, 2.25],
      [10, 0],
    ] as const;
    expect(linePath(positions)).toBe('M0,10L5,2.3L10,0');
    expect(areaPath(positions, 20)).toBe('M0,10L5,2.3L10,0L10,20L0,20Z');
    expect(linePath([])).toBe('');
    expect(areaPath([], 20)).toBe('');
  });

  it('labels at most so many points, evenly from the first', () => {
    expect(labelIndexes(5, 8)).toEqual([0, 1, 2, 3, 4]);
    expect(labelIndexes(30, 6)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(labelIndexes(30, 3)).toEqual([0, 14, 28]);
    expect(labelIndexes(24, 7)).toEqual([0, 4, 8, 12, 16, 20]);
    // The smaller step would give eight: the larger one is taken.
    expect(labelIndexes(15, 6)).toEqual([0, 3, 6, 9, 12]);
    expect(labelIndexes(365, 15)).toHaveLength(15);
    expect(labelIndexes(0, 6)).toEqual([]);
  });

  it('splits a line where the unfinished day begins, the two parts joined', () => {
    const points = [{ partial: false }, { partial: false }, { partial: true }];
    expect(splitAtPartial(points)).toEqual({ full: points.slice(0, 2), partial: points.slice(1) });
    expect(splitAtPartial(points.slice(0, 2))).toEqual({ full: points.slice(0, 2), partial: [] });
    expect(splitAtPartial([{ partial: true }])).toEqual({ full: [], partial: [{ partial: true }] });
  });
});
