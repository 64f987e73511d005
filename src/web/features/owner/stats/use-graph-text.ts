import { useTranslation } from 'react-i18next';
import type { StatsData } from '../api/get-stats.js';
import { busiestPoint, type GraphPoint } from './graph-data.js';
import type { StatsFormat } from './use-stats-format.js';

export interface GraphText {
  /** The chart's accessible name, and the table's caption. */
  title: string;
  /** What the chart shows, in words: the totals and the busiest point. */
  description: string;
  /** A point's full name (tooltip, table). */
  pointLabel: (point: GraphPoint) => string;
  /** A point's short name under the horizontal axis. */
  axisLabel: (point: GraphPoint) => string;
}

/** The words of the main graph, for days or, over a single day, UTC hours. */
export function useGraphText(stats: StatsData, points: GraphPoint[], format: StatsFormat): GraphText {
  const { t } = useTranslation('owner');
  const hourly = stats.interval === 'hour';
  const pointLabel = (point: GraphPoint) => (hourly ? format.hour(point.hour ?? 0) : format.day(point.day));
  const axisLabel = (point: GraphPoint) => (hourly ? format.hour(point.hour ?? 0) : format.shortDay(point.day));
  const busiest = busiestPoint(points);
  return {
    title: hourly
      ? t('stats.graph.title_hourly', { day: format.day(stats.from) })
      : t('stats.graph.title', { period: format.range(stats.from, stats.to) }),
    description: busiest
      ? t('stats.graph.description', {
          visitors: format.number(stats.totals.visitors),
          visits: format.number(stats.totals.visits),
          busiest: pointLabel(busiest),
          busiestVisits: format.number(busiest.visits),
        })
      : t('stats.graph.description_empty'),
    pointLabel,
    axisLabel,
  };
}
