import { useTranslation } from 'react-i18next';
import type { Delivery } from '../../../../shared/schemas/owner.js';
import { useTimeFormat } from '../components/use-date-format.js';
import { useOwnerErrorText } from '../components/use-owner-error-text.js';
import card from './settings-card.module.css';

/**
 * A channel's test message: its button, then where the message is (queuing, waiting, delivered at,
 * failed) as the delivery is asked for again. The words are the channel card's own, under the same
 * keys in each (`email_settings.test_sent`, `telegram_settings.test_sent`…).
 */
export function TestMessage({
  words,
  delivery,
  pending,
  error,
  onSend,
  to = '',
}: {
  words: 'email_settings' | 'telegram_settings';
  /** The test's delivery as last heard of, once it is queued. */
  delivery: Delivery | undefined;
  /** The test is being queued. */
  pending: boolean;
  /** Why it could not be queued. */
  error: unknown;
  onSend: () => void;
  /** Where an e-mail went, for "check …". */
  to?: string;
}) {
  const { t } = useTranslation('owner');
  const errorText = useOwnerErrorText();
  const formatTime = useTimeFormat();
  const status = error
    ? errorText(error)
    : !delivery
      ? pending
        ? t(`${words}.test_sending`)
        : t(`${words}.test_hint`)
      : delivery.status === 'sent'
        ? t(`${words}.test_sent`, { time: formatTime(new Date(delivery.sentAt ?? Date.now())), to })
        : delivery.status === 'failed'
          ? t(`${words}.test_failed`)
          : t(`${words}.test_waiting`);
  return (
    <>
      <div className={card.actions}>
        <button
          type="button"
          className={card.secondary}
          disabled={pending || delivery?.status === 'pending'}
          onClick={onSend}
        >
          {t(`${words}.send_test`)}
        </button>
      </div>
      <p role="status" className={card.muted}>
        {status}
      </p>
    </>
  );
}
