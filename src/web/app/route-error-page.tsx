import { useTranslation } from 'react-i18next';
import styles from './route-error-page.module.css';

/** The generic error screen (spec §8: "Xatolik yuz berdi!") when a page's content cannot load. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.page} aria-labelledby="error-title">
      <h1 id="error-title" tabIndex={-1}>
        {t('errors.error_title')}
      </h1>
      <p>{t('errors.error_description')}</p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        {t('errors.retry')}
      </button>
    </section>
  );
}

/**
 * The same screen for a whole route tree that failed, its layout included (the site's layout, or
 * the owner area, whose code may fail to load after a new version is deployed). Without it React
 * Router shows its own page, with the error's message and stack trace.
 */
export function RouteTreeErrorPage() {
  return (
    <main className={styles.tree}>
      <RouteErrorPage />
    </main>
  );
}
