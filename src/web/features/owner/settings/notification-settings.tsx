import { Mail, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import type { NotificationChannel } from '../../../../shared/schemas/owner.js';
import type { NotificationStatus } from '../api/get-notifications.js';
import { DeliveryList } from '../components/delivery-list.js';
import styles from './settings.module.css';

const CHANNEL_ICONS = { email: Mail, telegram: Send } as const;

interface NotificationSettingsProps {
  status: NotificationStatus | undefined;
  onTest: (channel: NotificationChannel) => void;
}

/** The channels with a test button, how many deliveries wait, and the failed ones to send again. */
export function NotificationSettings({ status, onTest }: NotificationSettingsProps) {
  const { t } = useTranslation('owner');
  const anyConfigured = status?.channels.some((channel) => channel.configured);
  return (
    <section className={styles.card} aria-labelledby="owner-notifications-title">
      <h2 id="owner-notifications-title">{t('settings.notifications')}</h2>
      <p className={styles.muted}>{t('settings.notifications_intro')}</p>
      {status && !anyConfigured && <p className={styles.notice}>{t('settings.none_configured')}</p>}
      <ul className={styles.rows}>
        {status?.channels.map((channel) => {
          const Icon = CHANNEL_ICONS[channel.channel];
          return (
            <li key={channel.channel} className={styles.row}>
              <Icon aria-hidden="true" size={20} />
              <span className={styles.text}>
                <strong>{t(`channels.${channel.channel}`)}</strong>
                <span className={styles.muted}>
                  {channel.configured
                    ? t('settings.configured', { target: channel.target ?? '' })
                    : channel.channel === 'email'
                      ? t('settings.not_configured_email')
                      : t('settings.not_configured_telegram')}
                </span>
              </span>
              {channel.configured && (
                <button type="button" className={styles.button} onClick={() => onTest(channel.channel)}>
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
  );
}
