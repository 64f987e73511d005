import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stats } from '../../../../shared/schemas/stats.js';
import { BreakdownRowsTable } from './breakdown-table.js';
import styles from './campaigns-card.module.css';
import type { StatsFormat } from './use-stats-format.js';

const CAMPAIGN_DIMENSIONS = ['sources', 'mediums', 'campaigns'] as const;
type CampaignDimension = (typeof CAMPAIGN_DIMENSIONS)[number];

/**
 * Visits by the campaign of the address they began on (issue 30): its source, medium or name, one
 * at a time, as Plausible's Campaigns tab. Visits without a campaign are left out of the rows (they
 * would fill every bar), but each row's share is still of all the period's visits.
 */
export function CampaignsCard({ stats, format }: { stats: Stats; format: StatsFormat }) {
  const { t } = useTranslation('owner');
  const headingId = useId();
  const tableHeadingId = useId();
  const [shown, setShown] = useState<CampaignDimension>('sources');
  const items = stats[shown].filter((item) => item.value !== null);

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('stats.campaigns.title')}</h2>
      <fieldset className={styles.segments}>
        <legend className="visually-hidden">{t('stats.campaigns.show')}</legend>
        {CAMPAIGN_DIMENSIONS.map((dimension) => (
          <button
            key={dimension}
            type="button"
            className={styles.segment}
            aria-pressed={dimension === shown}
            onClick={() => setShown(dimension)}
          >
            {t(`stats.campaigns.${dimension}.title`)}
          </button>
        ))}
      </fieldset>
      <h3 id={tableHeadingId} className="visually-hidden">
        {t(`stats.campaigns.${shown}.title`)}
      </h3>
      <BreakdownRowsTable
        key={shown}
        dimension={shown}
        items={items}
        totalVisits={stats.totals.visits}
        format={format}
        labelledBy={tableHeadingId}
        columnName={t(`stats.campaigns.${shown}.column`)}
        emptyText={t('stats.campaigns.empty')}
      />
    </section>
  );
}
