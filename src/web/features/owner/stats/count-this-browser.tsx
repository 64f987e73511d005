import { useTranslation } from 'react-i18next';
import { useThisBrowser } from '../api/get-this-browser.js';
import { useUpdateThisBrowser } from '../api/update-this-browser.js';
import { ErrorMessage } from '../components/error-message.js';
import { SwitchField } from '../components/switch-field.js';
import styles from './count-this-browser.module.css';

/**
 * "Don't count this browser": the signed-in owner is never counted, but the owner also browses the
 * site signed out (a phone, a second browser). Switched off, the server sets a long-lived cookie
 * that makes the visitor calls of this browser record nothing.
 */
export function CountThisBrowser() {
  const { t } = useTranslation('owner');
  const { data, error } = useThisBrowser();
  const update = useUpdateThisBrowser();
  const counted = data?.counted;

  return (
    <section className={styles.card} aria-labelledby="stats-this-browser-title">
      <h2 id="stats-this-browser-title">{t('stats.this_browser.title')}</h2>
      <SwitchField
        label={t('stats.this_browser.label')}
        checked={counted ?? true}
        disabled={counted === undefined}
        onChange={(next) => update.mutate(next)}
        hint={counted === false ? t('stats.this_browser.off') : t('stats.this_browser.on')}
      />
      <ErrorMessage error={update.error ?? error} />
    </section>
  );
}
