import { useTranslation } from 'react-i18next';
import { ColumnHeads } from './column-heads.js';
import type { GraphPoint } from './graph-data.js';
import styles from './graph-table.module.css';
import type { StatsFormat } from './use-stats-format.js';

interface GraphTableProps {
  points: GraphPoint[];
  hourly: boolean;
  caption: string;
  pointLabel: (point: GraphPoint) => string;
  format: StatsFormat;
}

/** The graph's points as a table, behind a disclosure: for screen readers and for the exact numbers. */
export function GraphTable({ points, hourly, caption, pointLabel, format }: GraphTableProps) {
  const { t } = useTranslation('owner');
  return (
    <details className={styles.disclosure}>
      <summary>{t('stats.graph.show_table')}</summary>
      <table className={styles.dataTable}>
        <caption>{caption}</caption>
        <ColumnHeads
          names={[
            hourly ? t('stats.graph.hour') : t('stats.graph.day'),
            t('stats.graph.visitors'),
            t('stats.graph.visits'),
          ]}
        />
        <tbody>
          {points.map((point) => (
            <tr key={point.hour ?? point.day}>
              <th scope="row">
                {pointLabel(point)}
                {point.partial && ` ${t('stats.graph.so_far')}`}
              </th>
              <td>{format.number(point.visitors)}</td>
              <td>{format.number(point.visits)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
