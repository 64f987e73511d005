import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WeeklySummary } from '../../../shared/schemas/stats.js';
import styles from './owner.module.css';
import { getWeeklySummary, setWeeklySummary } from './owner-api.js';
import { useOwnerError } from './owner-session.js';
import { SwitchField } from './switch-field.js';

/**
 * The weekly summary's opt-in. It goes by e-mail only: without e-mail on the server the switch
 * stays off and says what to set up.
 */
export function WeeklySummarySetting({ emailTarget }: { emailTarget: string | undefined }) {
  const { t } = useTranslation('owner');
  const errorText = useOwnerError();
  const [state, setState] = useState<WeeklySummary | undefined>();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    getWeeklySummary().then(setState, (failure: unknown) => setError(errorText(failure)));
  }, [errorText]);

  // The switch moves at once, and back if the server refuses.
  async function change(enabled: boolean) {
    const before = state;
    if (before) setState({ ...before, enabled });
    try {
      setState(await setWeeklySummary(enabled));
      setError(undefined);
    } catch (failure) {
      setState(before);
      setError(errorText(failure));
    }
  }

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
        onChange={(enabled) => void change(enabled)}
        hint={hint}
      />
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </section>
  );
}
