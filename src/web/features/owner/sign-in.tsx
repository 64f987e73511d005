import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './owner.module.css';
import { signIn } from './owner-api.js';
import { useOwnerError } from './owner-session.js';

/** The only thing an anonymous visitor of /owner sees: a password field. */
export function SignIn({ onSignedIn, notice }: { onSignedIn: () => void; notice?: string }) {
  const { t } = useTranslation('owner');
  const errorText = useOwnerError();
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | undefined>(notice);
  const errorId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending || !password) return;
    setSending(true);
    setError(undefined);
    try {
      await signIn(password);
      setPassword('');
      onSignedIn();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className={styles.card} aria-labelledby="owner-sign-in-title">
      <h1 id="owner-sign-in-title">{t('sign_in.title')}</h1>
      <p className={styles.muted}>{t('sign_in.intro')}</p>
      <form className={styles.stack} onSubmit={onSubmit} noValidate>
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
        {error && (
          <p id={errorId} role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <button type="submit" className={styles.primary} disabled={sending} aria-busy={sending}>
          {sending ? t('sign_in.submitting') : t('sign_in.submit')}
        </button>
      </form>
    </section>
  );
}

/** Before the first password exists: how to set one, and nothing else. */
export function SetupNeeded() {
  const { t } = useTranslation('owner');
  return (
    <section className={styles.card} aria-labelledby="owner-setup-title">
      <h1 id="owner-setup-title">{t('setup.title')}</h1>
      <p>{t('setup.intro')}</p>
      <pre className={styles.command}>
        <code>npm run owner:password</code>
      </pre>
      <p className={styles.muted}>{t('setup.after')}</p>
    </section>
  );
}
