import { Mail, Send } from 'lucide-react';
import { useCallback, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OWNER_PATHS } from '../../../shared/paths.js';
import type { NotificationChannel, OwnerSession } from '../../../shared/schemas/owner.js';
import { DeliveryList } from './delivery-list.js';
import styles from './owner.module.css';
import {
  endSession,
  getNotifications,
  listSessions,
  type NotificationStatusData,
  sendTestNotification,
} from './owner-api.js';
import { OwnerSessionContext, useOwnerError } from './owner-session.js';
import { useDateFormat } from './use-date-format.js';
import { WeeklySummarySetting } from './weekly-summary-setting.js';

const CHANNEL_ICONS = { email: Mail, telegram: Send } as const;

/** Notification channels (state, a test, failures to resend) and the signed-in devices. */
export function Settings() {
  const { t } = useTranslation('owner');
  const errorText = useOwnerError();
  const formatDate = useDateFormat();
  const { onSignedOut } = useContext(OwnerSessionContext);
  const [status, setStatus] = useState<NotificationStatusData | undefined>();
  const [sessions, setSessions] = useState<OwnerSession[]>([]);
  const [notice, setNotice] = useState<string | undefined>();

  const load = useCallback(async () => {
    try {
      const [notifications, list] = await Promise.all([getNotifications(), listSessions()]);
      setStatus(notifications);
      setSessions(list.sessions);
    } catch (failure) {
      setNotice(errorText(failure));
    }
  }, [errorText]);

  useEffect(() => {
    void load();
  }, [load]);

  async function test(channel: NotificationChannel) {
    try {
      await sendTestNotification(channel);
      setNotice(t('settings.test_queued'));
      // The worker sends at once; look again shortly for its outcome.
      setTimeout(() => void load(), 2_000);
    } catch (failure) {
      setNotice(errorText(failure));
    }
  }

  async function end(session: OwnerSession) {
    try {
      await endSession(session.id);
      if (session.current) onSignedOut();
      else await load();
    } catch (failure) {
      setNotice(errorText(failure));
    }
  }

  const anyConfigured = status?.channels.some((channel) => channel.configured);
  return (
    <div className={styles.settings}>
      <h1>{t('settings.title')}</h1>
      {notice && (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      )}

      <section className={styles.card} aria-labelledby="owner-notifications-title">
        <h2 id="owner-notifications-title">{t('settings.notifications')}</h2>
        <p className={styles.muted}>{t('settings.notifications_intro')}</p>
        {status && !anyConfigured && <p className={styles.notice}>{t('settings.none_configured')}</p>}
        <ul className={styles.channels}>
          {status?.channels.map((channel) => {
            const Icon = CHANNEL_ICONS[channel.channel];
            return (
              <li key={channel.channel} className={styles.channel}>
                <Icon aria-hidden="true" size={20} />
                <span className={styles.deliveryText}>
                  <strong>{t(`channels.${channel.channel}`)}</strong>
                  <span className={styles.muted}>
                    {channel.configured
                      ? t('settings.configured', { target: channel.target ?? '' })
                      : t('settings.not_configured')}
                  </span>
                </span>
                {channel.configured && (
                  <button type="button" className={styles.secondary} onClick={() => void test(channel.channel)}>
                    {t('settings.send_test')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        {status && status.pending > 0 && <p>{t('settings.pending', { count: status.pending })}</p>}
        <h3>{t('settings.problems')}</h3>
        {status && status.problems.length === 0 && <p className={styles.muted}>{t('settings.no_problems')}</p>}
        {status && status.problems.length > 0 && (
          <DeliveryList
            deliveries={status.problems}
            onChange={load}
            messageLink={(delivery) => {
              const messageId = status.problems.find((problem) => problem.id === delivery.id)?.messageId;
              return (
                messageId && (
                  <Link to={`${OWNER_PATHS.message}/${messageId}`} className={styles.inlineLink}>
                    {t('settings.open_message')}
                  </Link>
                )
              );
            }}
          />
        )}
      </section>

      <WeeklySummarySetting
        emailTarget={status?.channels.find((channel) => channel.channel === 'email')?.target ?? undefined}
      />

      <section className={styles.card} aria-labelledby="owner-sessions-title">
        <h2 id="owner-sessions-title">{t('settings.sessions')}</h2>
        <p className={styles.muted}>{t('settings.sessions_intro')}</p>
        <ul className={styles.channels}>
          {sessions.map((session) => (
            <li key={session.id} className={`${styles.channel} ${styles.sessionRow}`}>
              <span className={styles.deliveryText}>
                <strong>
                  {session.device}
                  {session.current && <span className={styles.badge}>{t('settings.this_device')}</span>}
                </strong>
                <span className={styles.muted}>
                  {t('settings.signed_in', { date: formatDate(session.createdAt) })},{' '}
                  {t('settings.last_seen', { date: formatDate(session.lastSeenAt) })}
                </span>
              </span>
              <button type="button" className={styles.secondary} onClick={() => void end(session)}>
                {t('settings.end_session')}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
