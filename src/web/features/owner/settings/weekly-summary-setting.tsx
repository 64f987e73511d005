import { useTranslation } from 'react-i18next';
import { useWeeklySummary } from '../api/get-weekly-summary.js';
import { useUpdateWeeklySummary } from '../api/update-weekly-summary.js';
import { ErrorMessage } from '../components/error-message.js';
import { SelectField } from '../components/field.js';
import { SwitchField } from '../components/switch-field.js';
import styles from './notices-setting.module.css';
import card from './settings-card.module.css';

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** `06:00`: hours in the 24-hour clock the three languages read alike. */
const clock = (hour: number, minute = 0) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/** The chosen UTC hour on this device's clock, as the owner lives by it (Tashkent: 06:00 UTC is 11:00). */
function localClock(hour: number): string {
  const moment = new Date(Date.UTC(2026, 0, 5, hour));
  return clock(moment.getHours(), moment.getMinutes());
}

/**
 * The weekly summary: its switch, and the day and hour it goes (UTC, the statistics' days; decision
 * 037), each saved as it is chosen. It goes by e-mail only: without e-mail on the server the switch
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
    <section className={card.card} aria-labelledby="owner-summary-title">
      <h2 id="owner-summary-title">{t('settings.summary_title')}</h2>
      <p className={card.muted}>{t('settings.summary_intro')}</p>
      <div className={styles.form}>
        <SwitchField
          label={t('settings.summary_label')}
          checked={state?.enabled ?? false}
          disabled={!state?.emailConfigured}
          onChange={(enabled) => update.mutate({ enabled })}
          hint={hint}
        />
        {state && (
          <>
            <SelectField
              label={t('settings.notices.summary_day')}
              name="summary-day"
              value={state.day}
              onChange={(event) => update.mutate({ enabled: state.enabled, day: Number(event.target.value) })}
            >
              {DAYS.map((day) => (
                <option key={day} value={day}>
                  {t(`settings.notices.days.${day}`)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('settings.notices.summary_hour')}
              hint={
                // Said only where the device's clock differs from UTC (Tashkent: 06:00 UTC is 11:00).
                localClock(state.hour) === clock(state.hour)
                  ? undefined
                  : t('settings.notices.summary_time_hint', { utc: clock(state.hour), local: localClock(state.hour) })
              }
              name="summary-hour"
              value={state.hour}
              onChange={(event) => update.mutate({ enabled: state.enabled, hour: Number(event.target.value) })}
            >
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {clock(hour)}
                </option>
              ))}
            </SelectField>
          </>
        )}
      </div>
      <ErrorMessage error={update.error ?? error} />
    </section>
  );
}
