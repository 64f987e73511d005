import { Globe } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryFlag, countryNames } from '../../../../shared/country-names.js';
import { HTML_LANG } from '../../../../shared/locales.js';
import type { Stats } from '../../../../shared/schemas/stats.js';
import { useLocale } from '../../../shared/lib/use-locale.js';
import type { BreakdownRow } from './breakdown-data.js';
import { BreakdownRowsTable } from './breakdown-table.js';
import styles from './countries-card.module.css';
import type { StatsFormat } from './use-stats-format.js';

/**
 * Visits by country (issue 30; decision 042): a ranked list, each country by its name in the owner's
 * language (the browser's own region names) after its flag, which is decorative. Visits whose country
 * is not known (before countries were kept, a private address) are one row, "unknown".
 */
export function CountriesCard({ stats, format }: { stats: Stats; format: StatsFormat }) {
  const { t } = useTranslation('owner');
  const headingId = useId();
  const locale = useLocale();
  const unknown = t('stats.values.unknown_country');
  const nameOf = useMemo(() => countryNames(HTML_LANG[locale], unknown), [locale, unknown]);

  const rowName = (row: BreakdownRow) => (
    <span className={styles.country}>
      <span className={styles.flag} aria-hidden="true">
        {row.value === null ? <Globe size={18} /> : countryFlag(row.value)}
      </span>
      <span>{nameOf(row.value)}</span>
    </span>
  );

  return (
    <section className={styles.card} aria-labelledby={headingId} data-card="countries">
      <h2 id={headingId}>{t('stats.breakdowns.countries.title')}</h2>
      <BreakdownRowsTable
        dimension="countries"
        items={stats.countries}
        totalVisits={stats.totals.visits}
        format={format}
        labelledBy={headingId}
        columnName={t('stats.breakdowns.countries.column')}
        emptyText={t('stats.breakdowns.empty')}
        rowName={rowName}
      />
      <p className={styles.note}>{t('stats.breakdowns.countries.note')}</p>
    </section>
  );
}
