import { useTranslation } from 'react-i18next';
import styles from './sign-in.module.css';

/** Before the first password exists: the set-up link the server printed, or the command, and nothing else. */
export function SetupNeeded() {
  const { t } = useTranslation('owner');
  return (
    <section className={styles.page} aria-labelledby="owner-setup-title">
      <h1 id="owner-setup-title">{t('setup.title')}</h1>
      <p>{t('setup.intro')}</p>
      <p>{t('setup.or_command')}</p>
      <pre className={styles.command}>
        <code>npm run owner:password</code>
      </pre>
      <p className={styles.muted}>{t('setup.after')}</p>
    </section>
  );
}
