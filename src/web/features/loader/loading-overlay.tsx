import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../shared/lib/create-store.js';
import { loaderStore } from './loader-store.js';
import styles from './loading-overlay.module.css';

const LINES = 5;
const HIDE_MS = 700;

/**
 * The full-screen loader (spec §4). Showing closes the lines over the page and fades in the spinner
 * and preloader; hiding opens the lines, fades both out, then marks the lines finished so the
 * overlay no longer takes any room or clicks.
 */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const loading = useStore(loaderStore);
  const [finished, setFinished] = useState(!loading);

  useEffect(() => {
    if (loading) {
      setFinished(false);
      return;
    }
    const timer = setTimeout(() => setFinished(true), HIDE_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  const state = loading ? 'loading' : finished ? 'finished' : 'hiding';
  return (
    <div className={styles.overlay} data-state={state} data-testid="loading-overlay" aria-hidden={!loading}>
      <div className={styles.lines}>
        {Array.from({ length: LINES }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines are identical and never reorder
          <span key={index} className={styles.line} />
        ))}
      </div>
      <div className={styles.preloader}>
        <span className={styles.spinner} />
        {loading && (
          <span role="status" className="visually-hidden">
            {t('others.loading')}
          </span>
        )}
      </div>
    </div>
  );
}
