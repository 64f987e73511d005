import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReauthenticate } from '../api/reauthenticate.js';
import { ErrorMessage } from '../components/error-message.js';
import { PasswordField } from '../components/field.js';
import { placeError } from '../components/field-errors.js';
import { SecondFactorCodeField, secondFactorCodeBody } from './second-factor-code.js';
import styles from './security-settings.module.css';

/** "Confirm it is you": the password (with the code when the second factor is on) or a passkey. */
export function ReauthenticationForm({
  secondFactor,
  onConfirmed,
  onCancel,
}: {
  secondFactor: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('owner');
  const reauthenticate = useReauthenticate();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const titleId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (reauthenticate.isPending || !password) return;
    reauthenticate.mutate({ password, ...secondFactorCodeBody(secondFactor, code) }, { onSuccess: onConfirmed });
  }

  const errors = placeError(reauthenticate.error, { password: 'wrong_password', code: secondFactor && 'wrong_code' });

  return (
    <section className={styles.reauth} aria-labelledby={titleId}>
      <h3 id={titleId}>{t('security.reauth_title')}</h3>
      <p className={styles.muted}>{t('security.reauth_intro')}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PasswordField
          kind="current"
          label={t('sign_in.password')}
          // The prompt appears because the owner just asked for a change: it takes the focus.
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <SecondFactorCodeField secondFactor={secondFactor} code={code} onChange={setCode} error={errors.code} />
        <ErrorMessage error={errors.form} />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={reauthenticate.isPending}>
            {t('security.reauth_submit')}
          </button>
          <button
            type="button"
            className={styles.button}
            disabled={reauthenticate.isPending}
            onClick={() => reauthenticate.mutate({ passkey: true }, { onSuccess: onConfirmed })}
          >
            {t('security.reauth_passkey')}
          </button>
          <button type="button" className={styles.button} onClick={onCancel}>
            {t('security.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
