import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_SMTP_PORT,
  type EmailSettings,
  type EmailSettingsBody,
  SMTP_SECURITY,
  type SmtpSecurity,
} from '../../../../shared/schemas/email-settings.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { useDelivery } from '../api/get-delivery.js';
import { useEmailSettings } from '../api/get-email-settings.js';
import { useSaveEmailSettings } from '../api/save-email-settings.js';
import { useSendTestEmail } from '../api/send-test-email.js';
import { useVerifyEmailSettings } from '../api/verify-email-settings.js';
import { Field } from '../components/field.js';
import { useOwnerErrorText } from '../components/use-owner-error-text.js';
import { RadioChoices } from './radio-choices.js';
import { SaveActions, SettingsCard } from './settings-card.js';
import styles from './settings-card.module.css';
import { TestMessage } from './test-message.js';

type Draft = Omit<EmailSettingsBody, 'port' | 'password'> & { port: string; password: string };
const TEXT_FIELDS = ['host', 'port', 'user', 'password', 'from', 'to'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
/** The field errors that have words of their own; any other is "not valid". */
const FIELD_ERRORS = new Set(['required', 'invalid_format', 'invalid_email', 'too_big', 'too_small', 'too_long']);

function draftOf(settings: EmailSettings | undefined): Draft {
  return {
    host: settings?.host ?? '',
    port: String(settings?.port ?? DEFAULT_SMTP_PORT.starttls),
    security: settings?.security ?? 'starttls',
    user: settings?.user ?? '',
    password: '',
    from: settings?.from ?? '',
    to: settings?.to ?? '',
  };
}

/**
 * E-mail set up in the browser (issue 28): the SMTP server, its security, the login and the addresses,
 * a check of the login without sending, and a real test through the outbox. The password is
 * write-only. What the owner typed stays in the form whatever a check or a test answers.
 */
export function EmailSettingsCard() {
  const { t } = useTranslation('owner');
  const errorText = useOwnerErrorText();
  const { data: settings, error: loadError } = useEmailSettings();
  const save = useSaveEmailSettings();
  const verify = useVerifyEmailSettings();
  const sendTest = useSendTestEmail();
  const testDelivery = useDelivery(sendTest.data?.id);
  const [typed, setTyped] = useState<Partial<Draft>>({});
  const draft: Draft = { ...draftOf(settings), ...typed };

  const body = (): EmailSettingsBody => ({ ...draft, port: Number(draft.port) || 0 });
  const change = (changes: Partial<Draft>) => {
    setTyped((current) => ({ ...current, ...changes }));
    save.reset();
    verify.reset();
  };
  const onSecurity = (security: SmtpSecurity) => {
    // The usual port follows the choice, unless the owner typed another one.
    const usual = Object.values(DEFAULT_SMTP_PORT).map(String).includes(draft.port);
    change(usual ? { security, port: String(DEFAULT_SMTP_PORT[security]) } : { security });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(body(), { onSuccess: () => setTyped({}) });
  };

  const failure = save.error ?? verify.error;
  const fieldError = (field: TextField) => {
    if (!(failure instanceof ApiError)) return undefined;
    const code = failure.fieldErrors.find((error) => error.field === field)?.code;
    if (!code) return undefined;
    return t(`email_settings.errors.${FIELD_ERRORS.has(code) ? (code as 'required') : 'invalid'}`);
  };
  const hasFieldErrors = failure instanceof ApiError && failure.fieldErrors.length > 0;
  /** A text field's value, its change and its error, by the field's name in the draft. */
  const bound = (field: TextField) => ({
    value: draft[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => change({ [field]: event.target.value }),
    error: fieldError(field),
  });

  if (loadError) {
    return (
      <section className={styles.card} aria-labelledby="owner-email-title">
        <h2 id="owner-email-title">{t('email_settings.title')}</h2>
        <p role="alert">{errorText(loadError)}</p>
      </section>
    );
  }
  const fromEnvironment = settings?.source === 'environment';
  const canTest = settings !== undefined && settings.source !== 'none';

  const verifyStatus = verify.data
    ? verify.data.ok
      ? t('email_settings.verify_ok')
      : t(`email_settings.problems.${verify.data.problem ?? 'failed'}`)
    : verify.isPending
      ? t('email_settings.verifying')
      : undefined;

  return (
    <SettingsCard titleId="owner-email-title" title={t('email_settings.title')} intro={t('email_settings.intro')}>
      {fromEnvironment && settings && (
        <div className={styles.form}>
          <p className={styles.notice}>{t('email_settings.from_environment')}</p>
          <Field label={t('email_settings.host')} value={`${settings.host}:${settings.port}`} readOnly />
          <Field
            label={t('email_settings.security')}
            value={t(`email_settings.security_${settings.security}`)}
            readOnly
          />
          <Field label={t('email_settings.user')} value={settings.user} readOnly />
          <Field label={t('email_settings.from')} value={settings.from} readOnly />
          <Field label={t('email_settings.to')} value={settings.to} readOnly />
        </div>
      )}
      {settings && !fromEnvironment && (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <Field
            label={t('email_settings.host')}
            hint={t('email_settings.host_hint')}
            name="smtp-host"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            {...bound('host')}
          />
          <RadioChoices
            legend={t('email_settings.security')}
            name="smtp-security"
            choices={SMTP_SECURITY}
            value={draft.security}
            onChange={onSecurity}
            label={(security) => t(`email_settings.security_${security}`)}
          />
          {draft.security === 'none' && (
            <p className={styles.notice} role="note">
              {t('email_settings.none_warning')}
            </p>
          )}
          <Field
            label={t('email_settings.port')}
            name="smtp-port"
            inputMode="numeric"
            autoComplete="off"
            {...bound('port')}
          />
          <Field
            label={t('email_settings.user')}
            hint={t('email_settings.user_hint')}
            name="smtp-user"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            {...bound('user')}
          />
          <Field
            label={t('email_settings.password')}
            hint={settings.passwordSet ? t('email_settings.password_set') : t('email_settings.password_hint')}
            type="password"
            name="smtp-password"
            autoComplete="new-password"
            {...bound('password')}
          />
          <Field
            label={t('email_settings.from')}
            hint={t('email_settings.from_hint')}
            type="email"
            name="mail-from"
            autoComplete="off"
            {...bound('from')}
          />
          <Field
            label={t('email_settings.to')}
            hint={t('email_settings.to_hint')}
            type="email"
            name="mail-to"
            autoComplete="email"
            {...bound('to')}
          />
          <SaveActions
            pending={save.isPending}
            label={t('email_settings.save')}
            pendingLabel={t('email_settings.saving')}
          >
            <button
              type="button"
              className={styles.secondary}
              disabled={verify.isPending}
              onClick={() => verify.mutate(body())}
            >
              {t('email_settings.verify')}
            </button>
          </SaveActions>
          {failure && !hasFieldErrors && <p role="alert">{errorText(failure)}</p>}
          {hasFieldErrors && <p role="alert">{t('email_settings.fix_fields')}</p>}
          <p role="status" className={styles.muted}>
            {save.isSuccess ? t('email_settings.saved') : (verifyStatus ?? '')}
          </p>
        </form>
      )}
      {canTest && (
        <TestMessage
          words="email_settings"
          delivery={testDelivery.data ?? sendTest.data}
          pending={sendTest.isPending}
          error={sendTest.error}
          onSend={() => sendTest.mutate()}
          to={settings.to}
        />
      )}
    </SettingsCard>
  );
}
