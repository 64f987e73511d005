import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { GraphPoint } from './graph-data.js';
import swatch from './graph-swatch.module.css';
import styles from './graph-tooltip.module.css';
import type { StatsFormat } from './use-stats-format.js';

interface GraphTooltipProps {
  point: GraphPoint;
  label: string;
  /** The point's horizontal position in the frame; the box opens towards the roomier side. */
  x: number;
  width: number;
  format: StatsFormat;
}

/** The figures of the point under the pointer. Hidden from screen readers: the table has them all. */
export function GraphTooltip({ point, label, x, width, format }: GraphTooltipProps) {
  const { t } = useTranslation('owner');
  return (
    <div
      className={styles.tooltip}
      data-side={x > width / 2 ? 'left' : 'right'}
      style={{ '--x': `${x}px` } as CSSProperties}
      aria-hidden="true"
    >
      <strong>
        {label}
        {point.partial && ` ${t('stats.graph.so_far')}`}
      </strong>
      <span>
        <span className={swatch.visitors} />
        {t('stats.graph.visitors')}: {format.number(point.visitors)}
      </span>
      <span>
        <span className={swatch.visits} />
        {t('stats.graph.visits')}: {format.number(point.visits)}
      </span>
    </div>
  );
}
