import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Delivery } from '../../../shared/schemas/owner.js';
import styles from './owner.module.css';
import { resendDelivery } from './owner-api.js';
import { useOwnerError } from './owner-session.js';
import { useDateFormat } from './use-date-format.js';

const ICONS = { pending: Clock, sent: CheckCircle2, failed: XCircle } as const;

/** Deliveries with their state, attempts and last error; a failed or waiting one can be sent again. */
export function DeliveryList({
  deliveries,
  onChange,
  messageLink,
}: {
  deliveries: Delivery[];
  onChange: () => void;
  /** In the settings' list of problems: a link to the message a delivery was about. */
  messageLink?: (delivery: Delivery) => ReactNode;
}) {
  const { t } = useTranslation('owner');
  const errorText = useOwnerError();
  const formatDate = useDateFormat();
  const [notice, setNotice] = useState<string | undefined>();

  async function resend(id: string) {
    try {
      await resendDelivery(id);
      setNotice(t('delivery.resent'));
      onChange();
    } catch (failure) {
      setNotice(errorText(failure));
    }
  }

  return (
    <>
      <ul className={styles.deliveries}>
        {deliveries.map((delivery) => {
          const Icon = ICONS[delivery.status];
          return (
            <li key={delivery.id} className={styles.delivery} data-status={delivery.status}>
              <Icon aria-hidden="true" size={18} />
              <span className={styles.deliveryText}>
                <strong>
                  {t(`channels.${delivery.channel}`)} · {t(`delivery.${delivery.status}`)}
                </strong>
                {(delivery.attempts > 1 || (delivery.status === 'pending' && delivery.lastError)) && (
                  <span className={styles.muted}>
                    {[
                      delivery.attempts > 1 ? t('delivery.attempts', { count: delivery.attempts }) : '',
                      delivery.status === 'pending' && delivery.lastError
                        ? t('delivery.next_attempt', { date: formatDate(delivery.nextAttemptAt) })
                        : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                )}
                {delivery.lastError && delivery.status !== 'sent' && (
                  <code className={styles.deliveryError}>{delivery.lastError}</code>
                )}
                {messageLink?.(delivery)}
              </span>
              {delivery.status !== 'sent' && (
                <button type="button" className={styles.secondary} onClick={() => void resend(delivery.id)}>
                  {t('delivery.resend')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {notice && (
        <p role="status" className={styles.muted}>
          {notice}
        </p>
      )}
    </>
  );
}
