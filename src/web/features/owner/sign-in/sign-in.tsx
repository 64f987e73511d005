import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignIn } from '../api/sign-in.js';
import { ErrorMessage } from '../components/error-message.js';
import styles from './sign-in.module.css';

/** The only thing an anonymous visitor of /owner sees: a password field. `notice` says why it is back. */
export function SignIn({ notice }: { notice?: string }) {
  const { t } = useTranslation('owner');
  const signIn = useSignIn();
  const [password, setPassword] = useState('');
  const errorId = useId();
  const error = signIn.error ?? (signIn.isIdle ? notice : undefined);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (signIn.isPending || !password) return;
    signIn.mutate(password, { onSuccess: () => setPassword('') });
  }

  return (
    <section className={styles.page} aria-labelledby="owner-sign-in-title">
      <h1 id="owner-sign-in-title">{t('sign_in.title')}</h1>
      <p className={styles.muted}>{t('sign_in.intro')}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <label className={styles.field}>
          <span>{t('sign_in.password')}</span>
          <input
            className={styles.input}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </label>
        <ErrorMessage id={errorId} error={error} />
        <button type="submit" className={styles.submit} disabled={signIn.isPending} aria-busy={signIn.isPending}>
          {signIn.isPending ? t('sign_in.submitting') : t('sign_in.submit')}
        </button>
      </form>
    </section>
  );
}
