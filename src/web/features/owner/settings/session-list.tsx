import { useTranslation } from 'react-i18next';
import type { OwnerSession } from '../../../../shared/schemas/owner.js';
import { useDateFormat } from '../components/use-date-format.js';
import styles from './settings.module.css';

/** The devices signed in, this one marked; each can be signed out from here. */
export function SessionList({ sessions, onEnd }: { sessions: OwnerSession[]; onEnd: (session: OwnerSession) => void }) {
  const { t } = useTranslation('owner');
  const formatDate = useDateFormat();
  return (
    <section className={styles.card} aria-labelledby="owner-sessions-title">
      <h2 id="owner-sessions-title">{t('settings.sessions')}</h2>
      <p className={styles.muted}>{t('settings.sessions_intro')}</p>
      <ul className={styles.rows}>
        {sessions.map((session) => (
          <li key={session.id} className={`${styles.row} ${styles.sessionRow}`}>
            <span className={styles.text}>
              <strong className={styles.rowTitle}>
                {session.device || t('settings.unknown_device')}
                {session.current && <span className={styles.badge}>{t('settings.this_device')}</span>}
              </strong>
              <span className={styles.muted}>
                {t('settings.signed_in', { date: formatDate(session.createdAt) })},{' '}
                {t('settings.last_seen', { date: formatDate(session.lastSeenAt) })}
              </span>
            </span>
            <button type="button" className={styles.button} onClick={() => onEnd(session)}>
              {t('settings.end_session')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
