import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { EmailAddress } from '../../../shared/components/email-address.js';
import { useMessage } from '../api/get-message.js';
import { useUpdateMessageState } from '../api/update-message-state.js';
import { DeliveryList } from '../components/delivery-list.js';
import { ErrorMessage } from '../components/error-message.js';
import { StateTag } from '../components/state-tag.js';
import { useDateFormat } from '../components/use-date-format.js';
import { MessageActions } from './message-actions.js';
import { MessageOriginSection } from './message-origin.js';
import styles from './message-view.module.css';

/** One message: opening it marks it read; Reply opens the mail client and marks it replied. */
export function MessageView() {
  const { t } = useTranslation('owner');
  const { id = '' } = useParams();
  const formatDate = useDateFormat();
  const { data, error } = useMessage(id);
  const move = useUpdateMessageState();
  const message = data?.message;
  const heading = useRef<HTMLHeadingElement>(null);

  // Opening a new message marks it read, once: marking it unread again is the owner's choice.
  const markedOnOpen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!message || markedOnOpen.current === message.id) return;
    markedOnOpen.current = message.id;
    if (message.state === 'new') move.mutate({ id: message.id, state: 'read' });
  }, [message, move.mutate]);

  // Keyboard and screen-reader users land on the opened message.
  const shownId = message?.id;
  useEffect(() => {
    if (shownId) heading.current?.focus();
  }, [shownId]);

  const back = (
    <Link to={OWNER_PATHS.inbox} className={styles.back}>
      <ArrowLeft aria-hidden="true" size={18} />
      {t('actions.back')}
    </Link>
  );
  if (!message) {
    const notFound = error instanceof ApiError && error.code === 'not_found';
    return (
      <div className={styles.stack}>
        {back}
        <ErrorMessage error={notFound ? t('message.not_found') : error} />
      </div>
    );
  }

  return (
    <article className={styles.messageView} aria-labelledby="owner-message-title">
      {back}
      <header className={styles.header}>
        <h1 id="owner-message-title" ref={heading} tabIndex={-1}>
          {message.name}
        </h1>
        <StateTag state={message.state} />
      </header>
      <dl className={styles.facts}>
        <dt>{t('message.from')}</dt>
        <dd>
          <a href={`mailto:${message.email}`}>
            <EmailAddress address={message.email} />
          </a>
        </dd>
        <dt>{t('message.received')}</dt>
        <dd>
          <time dateTime={message.createdAt}>{formatDate(message.createdAt)}</time>
        </dd>
      </dl>
      {message.spamReason && <p className={styles.notice}>{t(`message.spam_reason.${message.spamReason}`)}</p>}
      <div className={styles.text}>{message.message}</div>
      <ErrorMessage error={move.error} />
      <MessageActions message={message} onMove={(state) => move.mutate({ id: message.id, state })} />
      <MessageOriginSection messageId={message.id} />
      <section aria-labelledby="owner-deliveries-title" className={styles.stack}>
        <h2 id="owner-deliveries-title">{t('message.deliveries')}</h2>
        {message.deliveries.length === 0 ? (
          <p className={styles.muted}>{t('message.no_deliveries')}</p>
        ) : (
          <DeliveryList deliveries={message.deliveries} />
        )}
      </section>
    </article>
  );
}
