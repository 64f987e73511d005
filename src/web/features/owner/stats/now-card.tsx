import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { STATS_NOW_REFRESH_MS, useStatsNow } from '../api/get-stats-now.js';
import { useOwnerErrorText } from '../components/use-owner-error-text.js';
import { BreakdownRowsTable } from './breakdown-table.js';
import styles from './now-card.module.css';
import type { StatsFormat } from './use-stats-format.js';

/**
 * "Now" (issue 30, decision 044): the visitors of the last five minutes and the page each is on,
 * asked again every 30 seconds while the tab is in view. Only the count is a live region, read
 * when it changes; the pages' table is there to look at, not announced at every refresh.
 */
export function NowCard({ format }: { format: StatsFormat }) {
  const { t } = useTranslation('owner');
  const headingId = useId();
  const tableHeadingId = useId();
  const { data, error } = useStatsNow();
  const errorText = useOwnerErrorText();
  const pages = (data?.pages ?? []).map(({ visitors, ...page }) => ({ ...page, visits: visitors }));

  return (
    <section className={styles.card} aria-labelledby={headingId} data-testid="stats-now">
      <h2 id={headingId} className={styles.heading}>
        <span className={styles.pulse} data-live={(data?.visitors ?? 0) > 0} aria-hidden="true" />
        {t('stats.live.title')}
      </h2>
      <p className={styles.count} aria-live="polite" aria-atomic="true">
        <strong>{data ? format.number(data.visitors) : '…'}</strong>
        <span>{t('stats.now_hint')}</span>
      </p>
      {error && !data && <p className={styles.muted}>{errorText(error)}</p>}
      {data && (
        <>
          <h3 id={tableHeadingId} className="visually-hidden">
            {t('stats.live.pages')}
          </h3>
          <BreakdownRowsTable
            dimension="pages"
            items={pages}
            totalVisits={data.visitors}
            format={format}
            labelledBy={tableHeadingId}
            columnName={t('stats.breakdowns.pages.column')}
            countName={t('stats.graph.visitors')}
            emptyText={t('stats.live.empty')}
          />
        </>
      )}
      <p className={styles.note}>{t('stats.live.note', { seconds: STATS_NOW_REFRESH_MS / 1000 })}</p>
    </section>
  );
}
