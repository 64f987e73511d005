import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getThisBrowser, setThisBrowser } from '../owner-api.js';
import { useOwnerError } from '../owner-session.js';
import { SwitchField } from '../switch-field.js';
import styles from './stats.module.css';

/**
 * "Don't count this browser": the signed-in owner is never counted, but the owner also browses the
 * site signed out (a phone, a second browser). Switched off, the server sets a long-lived cookie
 * that makes the visitor calls of this browser record nothing.
 */
export function CountThisBrowser() {
  const { t } = useTranslation('owner');
  const errorText = useOwnerError();
  const [counted, setCounted] = useState<boolean | undefined>();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    getThisBrowser().then(
      (answer) => setCounted(answer.counted),
      (failure: unknown) => setError(errorText(failure)),
    );
  }, [errorText]);

  // The switch moves at once, and back if the server refuses.
  async function change(next: boolean) {
    const before = counted;
    setCounted(next);
    try {
      setCounted((await setThisBrowser(next)).counted);
      setError(undefined);
    } catch (failure) {
      setCounted(before);
      setError(errorText(failure));
    }
  }

  return (
    <section className={`${styles.card} ${styles.settingCard}`} aria-labelledby="stats-this-browser-title">
      <h2 id="stats-this-browser-title">{t('stats.this_browser.title')}</h2>
      <SwitchField
        label={t('stats.this_browser.label')}
        checked={counted ?? true}
        disabled={counted === undefined}
        onChange={(next) => void change(next)}
        hint={counted === false ? t('stats.this_browser.off') : t('stats.this_browser.on')}
      />
      {error && (
        <p role="alert" className={styles.problem}>
          {error}
        </p>
      )}
    </section>
  );
}
