import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Delivery } from '../../../../shared/schemas/owner.js';
import { useResendDelivery } from '../api/resend-delivery.js';
import styles from './delivery-list.module.css';
import { useDateFormat } from './use-date-format.js';
import { useOwnerErrorText } from './use-owner-error-text.js';

const ICONS = { pending: Clock, sent: CheckCircle2, failed: XCircle } as const;

/** Deliveries with their state, attempts and last error; a failed or waiting one can be sent again. */
export function DeliveryList({
  deliveries,
  messageLink,
}: {
  deliveries: Delivery[];
  /** In the settings' list of problems: a link to the message a delivery was about. */
  messageLink?: (delivery: Delivery) => ReactNode;
}) {
  const { t } = useTranslation('owner');
  const errorText = useOwnerErrorText();
  const formatDate = useDateFormat();
  const resend = useResendDelivery();
  const notice = resend.isError ? errorText(resend.error) : resend.isSuccess ? t('delivery.resent') : undefined;

  return (
    <>
      <ul className={styles.deliveries}>
        {deliveries.map((delivery) => {
          const Icon = ICONS[delivery.status];
          return (
            <li key={delivery.id} className={styles.delivery} data-status={delivery.status}>
              <Icon aria-hidden="true" size={18} />
              <span className={styles.text}>
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
                  <code className={styles.error}>{delivery.lastError}</code>
                )}
                {messageLink?.(delivery)}
              </span>
              {delivery.status !== 'sent' && (
                <button type="button" className={styles.resend} onClick={() => resend.mutate(delivery.id)}>
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
