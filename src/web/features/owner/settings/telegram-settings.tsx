import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client.js';
import { useConnectTelegram, useDisconnectTelegram, useRenewTelegramLink } from '../api/connect-telegram.js';
import { useDelivery } from '../api/get-delivery.js';
import { useTelegramSettings } from '../api/get-telegram-settings.js';
import { useSendTestNotification } from '../api/send-test-notification.js';
import { Field } from '../components/field.js';
import { QrCode } from '../components/qr-code.js';
import { useTimeFormat } from '../components/use-date-format.js';
import { useOwnerErrorText } from '../components/use-owner-error-text.js';
import { SaveActions, SettingsCard } from './settings-card.js';
import card from './settings-card.module.css';
import styles from './telegram-settings.module.css';
import { TestMessage } from './test-message.js';

const BOTFATHER = 'https://t.me/BotFather';

/**
 * Telegram set up in the browser (issue 28, decision 035), without the owner ever looking for a chat
 * id: paste the bot's token, open the one-time link (or scan its QR code) and press Start; the page
 * turns to "connected" by itself. The token is write-only and Telegram is never called from here.
 */
export function TelegramSettingsCard() {
  const { t } = useTranslation('owner');
  const errorText = useOwnerErrorText();
  const formatTime = useTimeFormat();
  const { data: settings, error: loadError } = useTelegramSettings();
  const connect = useConnectTelegram();
  const renew = useRenewTelegramLink();
  const disconnect = useDisconnectTelegram();
  const sendTest = useSendTestNotification();
  const testDelivery = useDelivery(sendTest.data?.delivery.id);
  const [token, setToken] = useState('');

  const onConnect = (event: FormEvent) => {
    event.preventDefault();
    if (connect.isPending) return;
    connect.mutate({ token }, { onSuccess: (result) => result.problem === null && setToken('') });
  };

  const failure = connect.error ?? renew.error ?? disconnect.error;
  const tokenError =
    failure instanceof ApiError && failure.fieldErrors.some((error) => error.field === 'token')
      ? t('telegram_settings.token_invalid')
      : connect.data?.problem
        ? t(`telegram_settings.problems.${connect.data.problem}`)
        : undefined;
  const otherFailure = failure && !(failure instanceof ApiError && failure.fieldErrors.length > 0);

  const testMessage = (
    <TestMessage
      words="telegram_settings"
      delivery={testDelivery.data ?? sendTest.data?.delivery}
      pending={sendTest.isPending}
      error={sendTest.error}
      onSend={() => sendTest.mutate('telegram')}
    />
  );

  return (
    <SettingsCard
      titleId="owner-telegram-title"
      title={t('telegram_settings.title')}
      intro={t('telegram_settings.intro')}
    >
      {loadError && <p role="alert">{errorText(loadError)}</p>}

      {settings?.source === 'environment' && (
        <>
          <p className={card.notice}>{t('telegram_settings.from_environment')}</p>
          <Field label={t('telegram_settings.chat_id')} value={settings.chat ?? ''} readOnly />
          {testMessage}
        </>
      )}

      {settings?.state === 'none' && (
        <form className={card.form} onSubmit={onConnect} noValidate>
          <ol className={styles.steps}>
            <li>
              {t('telegram_settings.step_botfather_before')}{' '}
              <a href={BOTFATHER} target="_blank" rel="noopener noreferrer">
                @BotFather
              </a>{' '}
              {t('telegram_settings.step_botfather_after')}
            </li>
            <li>{t('telegram_settings.step_token')}</li>
          </ol>
          <Field
            label={t('telegram_settings.token')}
            hint={t('telegram_settings.token_hint')}
            type="password"
            name="telegram-token"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            value={token}
            onChange={(event) => {
              setToken(event.target.value);
              connect.reset();
            }}
            error={tokenError}
          />
          <SaveActions
            pending={connect.isPending}
            label={t('telegram_settings.connect')}
            pendingLabel={t('telegram_settings.connecting')}
          />
        </form>
      )}

      {settings?.source === 'settings' && settings.state === 'waiting' && (
        <div className={card.form}>
          <p>{t('telegram_settings.bot_saved', { bot: `@${settings.bot?.username ?? ''}` })}</p>
          {settings.link ? (
            <>
              <p>{t('telegram_settings.open_link')}</p>
              <p className={styles.link}>
                <a href={settings.link} target="_blank" rel="noopener noreferrer">
                  {settings.link.replace(/^https:\/\//, '')}
                </a>
              </p>
              <QrCode svg={settings.qrCode ?? ''} label={t('telegram_settings.qr_label')} width="12rem" />
              <p className={card.muted}>
                {t('telegram_settings.link_until', {
                  time: formatTime(new Date(settings.expiresAt ?? Date.now())),
                })}
              </p>
              <p role="status" className={styles.waiting}>
                {t('telegram_settings.waiting')}
              </p>
            </>
          ) : (
            <p role="status">{t('telegram_settings.link_expired')}</p>
          )}
          {settings.problem && (
            <p role="alert" className={card.notice}>
              {t(`telegram_settings.problems.${settings.problem}`)}
            </p>
          )}
          <div className={card.actions}>
            {!settings.link && (
              <button type="button" className={card.primary} onClick={() => renew.mutate()}>
                {t('telegram_settings.new_link')}
              </button>
            )}
            <button type="button" className={card.secondary} onClick={() => disconnect.mutate()}>
              {t('telegram_settings.other_bot')}
            </button>
          </div>
        </div>
      )}

      {settings?.source === 'settings' && settings.state === 'connected' && (
        <div className={card.form}>
          <p>
            {t('telegram_settings.connected', {
              chat: settings.chat ?? '',
              bot: `@${settings.bot?.username ?? ''}`,
            })}
          </p>
          {testMessage}
          <div className={card.actions}>
            <button type="button" className={card.secondary} onClick={() => renew.mutate()}>
              {t('telegram_settings.other_chat')}
            </button>
            <button type="button" className={card.secondary} onClick={() => disconnect.mutate()}>
              {t('telegram_settings.disconnect')}
            </button>
          </div>
        </div>
      )}
      {otherFailure && <p role="alert">{errorText(failure)}</p>}
    </SettingsCard>
  );
}
