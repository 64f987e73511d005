/**
 * The main graph's geometry as pure functions of numbers (no React, no DOM), so each can be tested:
 * ticks of the vertical axis, positions, SVG paths, which labels fit, and the point under a pointer.
 * Plain SVG paths: the chart needs a line and an area, which d3-shape would add a download for.
 */

export type Position = readonly [x: number, y: number];

/**
 * Round ticks from 0 up to at least `max`: steps of 1, 2 or 5 times a power of ten, at most about
 * `count` of them, and never less than 1 (visits are whole numbers).
 */
export function niceTicks(max: number, count = 4): number[] {
  const raw = Math.max(max, 1) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / magnitude;
  const step = Math.max(1, (residual > 5 ? 10 : residual > 2 ? 5 : residual > 1 ? 2 : 1) * magnitude);
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
}

/** A linear map from 0..`domainMax` onto `start`..`end` (end may be below start: SVG's y grows down). */
export function scaleLinear(domainMax: number, start: number, end: number): (value: number) => number {
  const factor = domainMax === 0 ? 0 : (end - start) / domainMax;
  return (value) => start + value * factor;
}

/** Where the `index`th of `count` points sits between `left` and `left + width`; a single point is centred. */
export function pointX(index: number, count: number, left: number, width: number): number {
  return count <= 1 ? left + width / 2 : left + (index / (count - 1)) * width;
}

/** The point nearest to a horizontal position: the one a pointer is over. */
export function nearestIndex(x: number, count: number, left: number, width: number): number {
  if (count <= 1) return 0;
  const index = Math.round(((x - left) / width) * (count - 1));
  return Math.min(count - 1, Math.max(0, index));
}

const round = (value: number) => Math.round(value * 10) / 10;

/** An SVG path through the positions in order; empty when there are none. */
export function linePath(positions: readonly Position[]): string {
  return positions.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${round(x)},${round(y)}`).join('');
}

/** The area between the line through the positions and the baseline; empty when there are none. */
export function areaPath(positions: readonly Position[], baseline: number): string {
  const first = positions[0];
  const last = positions.at(-1);
  if (!first || !last) return '';
  return `${linePath(positions)}L${round(last[0])},${round(baseline)}L${round(first[0])},${round(baseline)}Z`;
}

/**
 * The indexes that get a label on the horizontal axis: the first, then every so many, at most
 * `maxLabels` of them. Of the two steps near an even spread, the smaller one is taken when it still
 * fits, so the labels reach as close to the end as they can (a 30-day phone chart gets three, not two).
 */
export function labelIndexes(count: number, maxLabels: number): number[] {
  if (count <= 0) return [];
  if (count <= maxLabels) return Array.from({ length: count }, (_, index) => index);
  const span = count - 1;
  const intervals = Math.max(1, maxLabels - 1);
  const fits = (step: number) => Math.floor(span / step) + 1 <= maxLabels;
  const smaller = Math.max(1, Math.floor(span / intervals));
  const step = fits(smaller) ? smaller : Math.ceil(span / intervals);
  const indexes: number[] = [];
  for (let index = 0; index < count; index += step) indexes.push(index);
  return indexes;
}

/**
 * A line's finished part and its partial end (the current day or hour, drawn dashed), which starts
 * at the last finished point so the two join.
 */
export function splitAtPartial<Point extends { partial: boolean }>(
  points: readonly Point[],
): { full: Point[]; partial: Point[] } {
  const firstPartial = points.findIndex((point) => point.partial);
  if (firstPartial === -1) return { full: [...points], partial: [] };
  return { full: points.slice(0, firstPartial), partial: points.slice(Math.max(0, firstPartial - 1)) };
}
