import { type CSSProperties, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageItem } from '../../../../shared/schemas/stats.js';
import type { StatsDimension } from '../../../../shared/statistics.js';
import { useLocale } from '../../../shared/lib/use-locale.js';
import {
  BREAKDOWN_PREVIEW,
  type BreakdownLabels,
  type BreakdownRow,
  breakdownLabel,
  breakdownRows,
  pageTitle,
} from './breakdown-data.js';
import styles from './breakdown-table.module.css';
import { ColumnHeads } from './column-heads.js';
import type { StatsFormat } from './use-stats-format.js';

/** A row's name: languages, themes and devices by their translated names; pages, hosts and campaigns as they are. */
function useValueLabel(dimension: StatsDimension): (value: string | null) => string {
  const { t } = useTranslation('owner');
  const names =
    dimension === 'languages'
      ? t('stats.values.languages', { returnObjects: true })
      : dimension === 'themes'
        ? t('stats.values.themes', { returnObjects: true })
        : dimension === 'devices'
          ? t('stats.values.devices', { returnObjects: true })
          : {};
  const labels: BreakdownLabels = {
    names: new Map(Object.entries(names)),
    direct: t('stats.values.direct'),
    notGiven: t('stats.values.not_given'),
    other: t('stats.values.other'),
  };
  return (value) => breakdownLabel(dimension, value, labels);
}

/**
 * A row's name in the bar. A note's or project's page is named by its title, its path below it,
 * smaller: the title at most two lines and the path one, each cut with an ellipsis (the whole of
 * both in the tooltip, and for screen readers, which read past the cut).
 */
function RowName({ row, label }: { row: BreakdownRow; label: (value: string | null) => string }) {
  const title = pageTitle(row.titles, useLocale());
  if (title === undefined) return <span className={styles.barLabel}>{label(row.value)}</span>;
  return (
    <span className={styles.barLabel} title={`${title}\n${row.value}`}>
      <span className={styles.pageTitle}>{title}</span>
      <span className={styles.pagePath}>{row.value}</span>
    </span>
  );
}

/** The breakdowns with a plain card; the campaign's three share one (`campaigns-card.tsx`), countries have theirs. */
type CardDimension = Exclude<StatsDimension, 'sources' | 'mediums' | 'campaigns' | 'countries'>;

interface BreakdownTableProps {
  dimension: CardDimension;
  /** The rows as the server sends them: pages' rows may carry titles. */
  items: PageItem[];
  totalVisits: number;
  format: StatsFormat;
}

/**
 * One breakdown (pages, sources, languages, themes, devices) as a card with its table.
 */
export function BreakdownTable({ dimension, items, totalVisits, format }: BreakdownTableProps) {
  const { t } = useTranslation('owner');
  const headingId = useId();
  return (
    <section className={styles.breakdown} aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`stats.breakdowns.${dimension}.title`)}</h2>
      <BreakdownRowsTable
        dimension={dimension}
        items={items}
        totalVisits={totalVisits}
        format={format}
        labelledBy={headingId}
        columnName={t(`stats.breakdowns.${dimension}.column`)}
        emptyText={t('stats.breakdowns.empty')}
      />
    </section>
  );
}

interface BreakdownRowsTableProps {
  dimension: StatsDimension;
  items: PageItem[];
  totalVisits: number;
  format: StatsFormat;
  /** The id of the heading that names the table. */
  labelledBy: string;
  columnName: string;
  /** The count column's name; visits unless said otherwise. */
  countName?: string;
  emptyText: string;
  /** A row's name when the card draws its own (a country's flag and name); else the value's label. */
  rowName?: (row: BreakdownRow) => ReactNode;
}

/**
 * A breakdown's table, each row with a bar as long as its visits against the largest row; the first
 * rows at once, the rest on request.
 */
export function BreakdownRowsTable({
  dimension,
  items,
  totalVisits,
  format,
  labelledBy,
  columnName,
  countName,
  emptyText,
  rowName,
}: BreakdownRowsTableProps) {
  const { t } = useTranslation('owner');
  const label = useValueLabel(dimension);
  const [expanded, setExpanded] = useState(false);
  const rows = breakdownRows(items, totalVisits);
  const shown = expanded ? rows : rows.slice(0, BREAKDOWN_PREVIEW);

  return (
    <>
      {rows.length === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        <table className={styles.table} aria-labelledby={labelledBy}>
          <ColumnHeads
            className={styles.column}
            names={[columnName, countName ?? t('stats.breakdowns.visits'), t('stats.breakdowns.share')]}
          />
          <tbody>
            {shown.map((row) => (
              <tr key={row.value ?? ''}>
                <th scope="row" className={styles.barCell} style={{ '--bar': `${row.bar}%` } as CSSProperties}>
                  {rowName ? (
                    <span className={styles.barLabel}>{rowName(row)}</span>
                  ) : (
                    <RowName row={row} label={label} />
                  )}
                </th>
                <td>{format.number(row.visits)}</td>
                <td className={styles.share}>{format.share(row.share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > BREAKDOWN_PREVIEW && (
        <button
          type="button"
          className={styles.linkButton}
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? t('stats.breakdowns.show_fewer') : t('stats.breakdowns.show_all', { count: rows.length })}
        </button>
      )}
    </>
  );
}
