import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StatsData } from '../api/get-stats.js';
import styles from './top-stats.module.css';
import { type Figure, topFigures } from './top-stats-data.js';
import type { StatsFormat } from './use-stats-format.js';

function Change({ figure, format }: { figure: Figure; format: StatsFormat }) {
  const { t } = useTranslation('owner');
  const { change, previous } = figure;
  if (change === null) {
    return <span className={styles.change}>{t('stats.change.no_previous')}</span>;
  }
  const trend = change > 0 ? 'up' : change < 0 ? 'down' : 'same';
  const Arrow = change > 0 ? ArrowUpRight : ArrowDownRight;
  const percent = format.percent(Math.abs(change));
  return (
    <span className={styles.change} data-trend={trend}>
      {trend !== 'same' && <Arrow aria-hidden="true" size={16} strokeWidth={2.5} />}
      <span aria-hidden="true">{percent}</span>
      <span className="visually-hidden">
        {t(`stats.change.${trend}`, { percent, previous: format.number(previous) })}
      </span>
    </span>
  );
}

/** The headline figures, each with its change against the previous period (Plausible's top stats). */
export function TopStats({ stats, format }: { stats: StatsData; format: StatsFormat }) {
  const { t } = useTranslation('owner');
  return (
    <section className={styles.topStats} aria-labelledby="stats-summary-title">
      <h2 id="stats-summary-title" className="visually-hidden">
        {t('stats.summary')}
      </h2>
      <ul className={styles.figures}>
        {topFigures(stats).map((figure) => (
          <li key={figure.key} className={styles.figure}>
            <span className={styles.figureLabel}>{t(`stats.figures.${figure.key}`)}</span>
            <strong className={styles.figureValue}>{format.number(figure.value)}</strong>
            <Change figure={figure} format={format} />
          </li>
        ))}
      </ul>
      <p className={styles.comparedWith}>
        {t('stats.compared_with', { period: format.range(stats.previous.from, stats.previous.to) })}
      </p>
    </section>
  );
}
