import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../api/change-password.js';
import { ErrorMessage } from '../components/error-message.js';
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
      { currentPassword, newPassword, ...(secondFactor && code.trim() ? { code: code.trim() } : {}) },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
        },
        onSettled: () => setCode(''),
      },
    );
  }

  return (
    <section className={styles.section} aria-labelledby="owner-password-title">
      <h3 id="owner-password-title">{t('security.password_title')}</h3>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <label className={styles.field}>
          <span>{t('security.current_password')}</span>
          <input
            className={styles.input}
            type="password"
            name="current-password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span>{t('security.new_password')}</span>
          <input
            className={styles.input}
            type="password"
            name="new-password"
            autoComplete="new-password"
            minLength={12}
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
          />
        </label>
        {secondFactor && (
          <label className={styles.field}>
            <span>{t('security.code')}</span>
            <input
              className={styles.input}
              name="code"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </label>
        )}
        <ErrorMessage error={change.error} />
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
