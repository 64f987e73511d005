import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../api/change-password.js';
import { ErrorMessage } from '../components/error-message.js';
import { PasswordField } from '../components/field.js';
import { placeError } from '../components/field-errors.js';
import { SecondFactorCodeField, secondFactorCodeBody } from './second-factor-code.js';
import styles from './security-settings.module.css';

/** The password changes with the current one (and the code when the second factor is on). */
export function ChangePasswordForm({ secondFactor }: { secondFactor: boolean }) {
  const { t } = useTranslation('owner');
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [code, setCode] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending || !currentPassword || !newPassword) return;
    change.mutate(
      { currentPassword, newPassword, ...secondFactorCodeBody(secondFactor, code) },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
        },
        onSettled: () => setCode(''),
      },
    );
  }

  const errors = placeError(change.error, {
    current: 'wrong_password',
    new: 'validation_failed',
    code: secondFactor && 'wrong_code',
  });

  return (
    <section className={styles.section} aria-labelledby="owner-password-title">
      <h3 id="owner-password-title">{t('security.password_title')}</h3>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PasswordField
          kind="current"
          label={t('security.current_password')}
          name="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          error={errors.current}
        />
        <PasswordField
          kind="new"
          label={t('security.new_password')}
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          error={errors.new}
        />
        <SecondFactorCodeField secondFactor={secondFactor} code={code} onChange={setCode} error={errors.code} />
        <ErrorMessage error={errors.form} />
        {change.isSuccess && (
          <p role="status" className={styles.notice}>
            {t('security.password_changed')}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={change.isPending}>
            {t('security.change_password')}
          </button>
        </div>
      </form>
    </section>
  );
}
