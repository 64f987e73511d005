import { useTranslation } from 'react-i18next';
import { useEndSession } from '../api/end-session.js';
import { useNotifications } from '../api/get-notifications.js';
import { useSessions } from '../api/get-sessions.js';
import { useSendTestNotification } from '../api/send-test-notification.js';
import { useHashTarget } from '../components/use-hash-target.js';
import { useOwnerErrorText } from '../components/use-owner-error-text.js';
import { BackupSettings } from './backup-settings.js';
import { EmailSettingsCard } from './email-settings.js';
import { NoticesSetting } from './notices-setting.js';
import { NotificationSettings } from './notification-settings.js';
import { SecuritySettings } from './security-settings.js';
import { SessionList } from './session-list.js';
import styles from './settings.module.css';
import { SharedLinksSetting } from './shared-links-setting.js';
import { SiteAddressSetting } from './site-address-setting.js';
import { TelegramSettingsCard } from './telegram-settings.js';
import { WeeklySummarySetting } from './weekly-summary-setting.js';

/**
 * Notification channels (state, a test, failures to resend), the weekly summary, the signed-in
 * devices, and the sign-in's own settings (password, second factor, passkeys).
 */
export function Settings() {
  const { t } = useTranslation('owner');
  const errorText = useOwnerErrorText();
  const notifications = useNotifications();
  const sessions = useSessions();
  const sendTest = useSendTestNotification();
  const endSession = useEndSession();
  // The set-up checklist and the address banner link to a card here by its heading's id.
  useHashTarget();

  const failure = endSession.error ?? sendTest.error ?? notifications.error ?? sessions.error;
  const notice = failure ? errorText(failure) : sendTest.isSuccess ? t('settings.test_queued') : undefined;

  return (
    <div className={styles.settings}>
      <h1>{t('settings.title')}</h1>
      {notice && (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      )}
      <SiteAddressSetting />
      <EmailSettingsCard />
      <TelegramSettingsCard />
      <NotificationSettings status={notifications.data} onTest={(channel) => sendTest.mutate(channel)} />
      <NoticesSetting />
      <WeeklySummarySetting
        emailTarget={notifications.data?.channels.find((channel) => channel.channel === 'email')?.target ?? undefined}
      />
      <SharedLinksSetting />
      <BackupSettings />
      <SessionList sessions={sessions.data?.sessions ?? []} onEnd={(session) => endSession.mutate(session)} />
      <SecuritySettings />
    </div>
  );
}
