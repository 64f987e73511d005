import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatsData } from '../api/get-stats.js';
import { GraphChart } from './graph-chart.js';
import { graphPoints } from './graph-data.js';
import swatch from './graph-swatch.module.css';
import { GraphTable } from './graph-table.js';
import styles from './main-graph.module.css';
import { useGraphText } from './use-graph-text.js';
import type { StatsFormat } from './use-stats-format.js';

/**
 * The main graph: visitors (the area) and visits (the line) per day, or per UTC hour for a single
 * day, as an SVG image with a title and a description, and the same points in a table for screen
 * readers and anyone who wants the exact numbers. Hovering shows a point's figures; nothing depends
 * on it, the table has them all.
 */
export function MainGraph({ stats, format }: { stats: StatsData; format: StatsFormat }) {
  const { t } = useTranslation('owner');
  const hourly = stats.interval === 'hour';
  const points = useMemo(() => graphPoints(stats.series, new Date()), [stats.series]);
  const text = useGraphText(stats, points, format);

  return (
    <section className={styles.card} aria-labelledby="stats-graph-heading">
      <div className={styles.head}>
        <h2 id="stats-graph-heading">{hourly ? t('stats.graph.heading_hourly') : t('stats.graph.heading')}</h2>
        <ul className={styles.legend}>
          <li>
            <span className={swatch.visitors} aria-hidden="true" />
            {t('stats.graph.visitors')}
          </li>
          <li>
            <span className={swatch.visits} aria-hidden="true" />
            {t('stats.graph.visits')}
          </li>
        </ul>
      </div>
      <GraphChart points={points} hourly={hourly} text={text} format={format} />
      <p className={styles.note}>
        {hourly ? t('stats.graph.hours_utc') : t('stats.graph.days_utc')}
        {points.some((point) => point.partial) && ` ${t('stats.graph.partial')}`}
      </p>
      <GraphTable points={points} hourly={hourly} caption={text.title} pointLabel={text.pointLabel} format={format} />
    </section>
  );
}
