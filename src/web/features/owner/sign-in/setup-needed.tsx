import { useTranslation } from 'react-i18next';
import { AuthCard } from './auth-card.js';
import styles from './sign-in.module.css';

/** Before the first password exists: the set-up link the server printed, or the command, and nothing else. */
export function SetupNeeded() {
  const { t } = useTranslation('owner');
  return (
    <AuthCard titleId="owner-setup-title" title={t('setup.title')} intro={t('setup.intro')}>
      <p>{t('setup.or_command')}</p>
      <pre className={styles.command}>
        <code>npm run owner:password</code>
      </pre>
      <p className={styles.muted}>{t('setup.after')}</p>
    </AuthCard>
  );
}
