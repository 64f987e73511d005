import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CvDownloads as CvDownloadCounts } from '../../../../shared/schemas/stats.js';
import styles from './cv-downloads.module.css';
import type { StatsFormat } from './use-stats-format.js';

/** How many of the latest days with downloads the card lists. */
const LATEST_DAYS = 7;

/**
 * CV downloads in the chosen period (the PDF and the JSON Resume, counted with the visits' rules):
 * the total, by language, and the latest days that had any.
 */
export function CvDownloads({ downloads, format }: { downloads: CvDownloadCounts; format: StatsFormat }) {
  const { t } = useTranslation('owner');
  const headingId = useId();
  // A Map, as every lookup keyed by stored text (breakdown-data.ts).
  const languages = new Map(Object.entries(t('stats.values.languages', { returnObjects: true })));
  const latest = downloads.days.slice(-LATEST_DAYS).reverse();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('stats.cv_downloads.title')}</h2>
      <p className={styles.total}>
        <strong>{format.number(downloads.total)}</strong>
        <span>{t('stats.cv_downloads.in_period')}</span>
      </p>
      {downloads.total === 0 ? (
        <p className={styles.muted}>{t('stats.cv_downloads.empty')}</p>
      ) : (
        <div className={styles.tables}>
          <table className={styles.table}>
            <caption className={styles.caption}>{t('stats.cv_downloads.by_language')}</caption>
            <tbody>
              {downloads.languages.map((row) => (
                <tr key={row.value}>
                  <th scope="row">{languages.get(row.value) ?? row.value}</th>
                  <td>{format.number(row.downloads)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className={styles.table}>
            <caption className={styles.caption}>{t('stats.cv_downloads.latest_days')}</caption>
            <tbody>
              {latest.map((row) => (
                <tr key={row.day}>
                  <th scope="row">{format.day(row.day)}</th>
                  <td>{format.number(row.downloads)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
