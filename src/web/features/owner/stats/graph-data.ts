import { dayOf } from '../../../../shared/days.js';
import type { SeriesPoint } from '../../../../shared/schemas/stats.js';

/**
 * The main graph's data, prepared apart from the drawing (as Plausible's main-graph-data.ts): what
 * the chart draws and its table lists are the same points.
 */
export interface GraphPoint {
  day: string;
  /** The UTC hour, when the graph is per hour. */
  hour?: number;
  visitors: number;
  visits: number;
  /** The current day or hour: not over yet, so its figures still grow (drawn dashed). */
  partial: boolean;
}

/**
 * The points to draw. Days and hours still to come are left out: a zero there would read as a drop
 * in traffic. The current day (or hour) is marked partial.
 */
export function graphPoints(series: SeriesPoint[], now: Date): GraphPoint[] {
  const today = dayOf(now);
  const currentHour = now.getUTCHours();
  return series
    .filter((point) => point.day < today || (point.day === today && (point.hour ?? 0) <= currentHour))
    .map(({ day, hour, visitors, visits }) => ({
      day,
      ...(hour === undefined ? {} : { hour }),
      visitors,
      visits,
      partial: day === today && (hour === undefined || hour === currentHour),
    }));
}

/** The point with the most visits (the first of equals), for the chart's description; none when all are zero. */
export function busiestPoint(points: GraphPoint[]): GraphPoint | undefined {
  let busiest: GraphPoint | undefined;
  for (const point of points) if (point.visits > (busiest?.visits ?? 0)) busiest = point;
  return busiest;
}

/** The largest value either line reaches, which the vertical axis must cover. */
export function graphMaximum(points: GraphPoint[]): number {
  return points.reduce((max, point) => Math.max(max, point.visitors, point.visits), 0);
}

/**
 * Whether days of the range before `detailedSince` had visits: their single visits are gone (the
 * retention period), so only daily totals remain and their unique visitors are a sum per day. A
 * fresh site's days before its first visit had nothing to delete and need no note.
 */
export function hasAggregatedDays(series: SeriesPoint[], detailedSince: string | null): boolean {
  return detailedSince !== null && series.some((point) => point.day < detailedSince && point.visits > 0);
}
