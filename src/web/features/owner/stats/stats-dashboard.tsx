import { Info, RotateCw } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { StatsDimension } from '../../../../shared/statistics.js';
import { useStats } from '../api/get-stats.js';
import { useStatsNow } from '../api/get-stats-now.js';
import { useStatsSource } from '../api/stats-source.js';
import { useOwnerErrorText } from '../components/use-owner-error-text.js';
import { BreakdownTable } from './breakdown-table.js';
import { CampaignsCard } from './campaigns-card.js';
import { CountThisBrowser } from './count-this-browser.js';
import { CountriesCard } from './countries-card.js';
import { ExportButton } from './export-button.js';
import { GoalsCard } from './goals-card.js';
import { hasAggregatedDays } from './graph-data.js';
import { MainGraph } from './main-graph.js';
import { NowCard } from './now-card.js';
import { RangePicker } from './range-picker.js';
import { rangeFromSearch, searchForRange, utcToday } from './ranges.js';
import styles from './stats-dashboard.module.css';
import { TopStats } from './top-stats.js';
import { type StatsFormat, useStatsFormat } from './use-stats-format.js';

/** The breakdowns in the order the owner asks about them: what was read, and where readers came from. */
const BREAKDOWN_ORDER = ['pages', 'referrers', 'languages', 'devices', 'themes'] as const satisfies StatsDimension[];

function NowBadge({ count, format }: { count: number; format: StatsFormat }) {
  const { t } = useTranslation('owner');
  return (
    <p className={styles.now} title={t('stats.now_hint')}>
      <span className={styles.pulse} data-live={count > 0} aria-hidden="true" />
      <span>{t('stats.now', { count: format.number(count) })}</span>
      <span className="visually-hidden">{t('stats.now_hint')}</span>
    </p>
  );
}

/**
 * The owner's statistics at /owner/stats (issue 9), shaped after Plausible's dashboard: the period,
 * the headline figures with their change, one main graph, then the breakdowns. Loaded on its own
 * when first opened, so the inbox does not carry it.
 */
export function StatsDashboard() {
  const { t } = useTranslation('owner');
  const format = useStatsFormat();
  const [search, setSearch] = useSearchParams();
  const today = utcToday();
  const range = rangeFromSearch(search, today);
  const { data: stats, error, isFetching: loading, refetch } = useStats(range);
  const errorText = useOwnerErrorText();
  // A shared link's page shows the period's figures, not the owner's tools: no Now, no export.
  const shared = useStatsSource()?.shared === true;
  // The live count (every 30 s) once it is in; the period's answer until then.
  const live = useStatsNow({ enabled: !shared });

  return (
    <div className={styles.dashboard}>
      <header className={styles.head}>
        <div className={styles.titleRow}>
          <h1>{t('stats.title')}</h1>
          {stats && !shared && <NowBadge count={live.data?.visitors ?? stats.now} format={format} />}
        </div>
        <RangePicker
          className={styles.picker}
          range={range}
          today={today}
          onChange={(next) => setSearch(searchForRange(next))}
        />
        <div className={styles.periodRow}>
          <p className={styles.period}>{t('stats.period', { period: format.range(range.from, range.to) })}</p>
          {!shared && <ExportButton range={range} />}
        </div>
      </header>

      {error && (
        <div role="alert" className={styles.failure}>
          <span>{errorText(error)}</span>
          <button type="button" className={styles.retry} onClick={() => void refetch()}>
            <RotateCw aria-hidden="true" size={18} />
            {t('stats.retry')}
          </button>
        </div>
      )}
      {!stats && !error && <p className={styles.muted}>{t('loading')}</p>}

      {stats && (
        <div className={styles.body} aria-busy={loading} data-loading={loading}>
          {stats.detailedSince && hasAggregatedDays(stats.series, stats.detailedSince) && (
            <p className={styles.note}>
              <Info aria-hidden="true" size={20} />
              <span>{t('stats.detailed_since', { day: format.day(stats.detailedSince) })}</span>
            </p>
          )}
          <TopStats stats={stats} format={format} />
          <MainGraph stats={stats} format={format} />
          <div className={styles.breakdowns}>
            {!shared && <NowCard format={format} />}
            {BREAKDOWN_ORDER.map((dimension) => (
              <Fragment key={dimension}>
                <BreakdownTable
                  dimension={dimension}
                  items={stats[dimension]}
                  totalVisits={stats.totals.visits}
                  format={format}
                />
                {/* Beside where readers came from: which of the owner's tagged links brought them. */}
                {dimension === 'referrers' && <CampaignsCard stats={stats} format={format} />}
                {dimension === 'referrers' && <CountriesCard stats={stats} format={format} />}
              </Fragment>
            ))}
            {/* The last cell of the grid: the switch belongs to the counting these cards show. Not on a shared link's page. */}
            {!shared && <CountThisBrowser />}
          </div>
          <GoalsCard stats={stats} format={format} />
        </div>
      )}
    </div>
  );
}
