import { useTranslation } from 'react-i18next';
import { useWeeklySummary } from '../api/get-weekly-summary.js';
import { useUpdateWeeklySummary } from '../api/update-weekly-summary.js';
import { ErrorMessage } from '../components/error-message.js';
import { SwitchField } from '../components/switch-field.js';
import styles from './settings.module.css';

/**
 * The weekly summary's opt-in. It goes by e-mail only: without e-mail on the server the switch
 * stays off and says what to set up.
 */
export function WeeklySummarySetting({ emailTarget }: { emailTarget: string | undefined }) {
  const { t } = useTranslation('owner');
  const { data: state, error } = useWeeklySummary();
  const update = useUpdateWeeklySummary();

  const hint = !state
    ? undefined
    : !state.emailConfigured
      ? t('settings.summary_needs_email')
      : state.enabled
        ? t('settings.summary_on', { target: emailTarget ?? '' })
        : t('settings.summary_off');

  return (
    <section className={styles.card} aria-labelledby="owner-summary-title">
      <h2 id="owner-summary-title">{t('settings.summary_title')}</h2>
      <p className={styles.muted}>{t('settings.summary_intro')}</p>
      <SwitchField
        label={t('settings.summary_label')}
        checked={state?.enabled ?? false}
        disabled={!state?.emailConfigured}
        onChange={(enabled) => update.mutate(enabled)}
        hint={hint}
      />
      <ErrorMessage error={update.error ?? error} />
    </section>
  );
}
