import { ArrowLeft, Reply } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { OWNER_PATHS } from '../../../shared/paths.js';
import type { MessageState, OwnerMessage } from '../../../shared/schemas/owner.js';
import { ApiError } from '../../shared/api/api-client.js';
import { DeliveryList } from './delivery-list.js';
import styles from './owner.module.css';
import { getMessage, setMessageState } from './owner-api.js';
import { useOwnerError } from './owner-session.js';
import { replyLink } from './reply-link.js';
import { useDateFormat } from './use-date-format.js';

/** The moves offered for a message, by its state. */
function actionsFor(state: MessageState): { state: MessageState; label: string }[] {
  switch (state) {
    case 'spam':
      return [
        { state: 'read', label: 'actions.not_spam' },
        { state: 'trash', label: 'actions.trash' },
      ];
    case 'trash':
      return [{ state: 'read', label: 'actions.restore' }];
    case 'archived':
      return [
        { state: 'read', label: 'actions.move_to_inbox' },
        { state: 'spam', label: 'actions.spam' },
        { state: 'trash', label: 'actions.trash' },
      ];
    default:
      return [
        { state: 'new', label: 'actions.mark_unread' },
        { state: 'archived', label: 'actions.archive' },
        { state: 'spam', label: 'actions.spam' },
        { state: 'trash', label: 'actions.trash' },
      ];
  }
}

/** One message: opening it marks it read; Reply opens the mail client and marks it replied. */
export function MessageView() {
  const { t } = useTranslation('owner');
  const { id = '' } = useParams();
  const errorText = useOwnerError();
  const formatDate = useDateFormat();
  const [message, setMessage] = useState<OwnerMessage | undefined>();
  const [error, setError] = useState<string | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    try {
      let { message: loaded } = await getMessage(id);
      if (loaded.state === 'new') ({ message: loaded } = await setMessageState(id, 'read'));
      setMessage(loaded);
      setError(undefined);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.code === 'not_found' ? t('message.not_found') : errorText(failure),
      );
    }
  }, [id, errorText, t]);

  useEffect(() => {
    void load();
  }, [load]);

  // Keyboard and screen-reader users land on the opened message.
  const shownId = message?.id;
  useEffect(() => {
    if (shownId) heading.current?.focus();
  }, [shownId]);

  async function move(state: MessageState) {
    try {
      setMessage((await setMessageState(id, state)).message);
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  const back = (
    <Link to={OWNER_PATHS.inbox} className={styles.back}>
      <ArrowLeft aria-hidden="true" size={18} />
      {t('actions.back')}
    </Link>
  );
  if (!message) {
    return (
      <div className={styles.stack}>
        {back}
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </div>
    );
  }

  const reply = replyLink({
    email: message.email,
    subject: t('message.reply_subject'),
    quoteHeader: t('message.reply_quote', { name: message.name, date: formatDate(message.createdAt) }),
    message: message.message,
  });

  return (
    <article className={styles.messageView} aria-labelledby="owner-message-title">
      {back}
      <header className={styles.messageHeader}>
        <h1 id="owner-message-title" ref={heading} tabIndex={-1}>
          {message.name}
        </h1>
        <span className={styles.stateTag} data-state={message.state}>
          {t(`states.${message.state}`)}
        </span>
      </header>
      <dl className={styles.facts}>
        <dt>{t('message.from')}</dt>
        <dd>
          <a href={`mailto:${message.email}`}>{message.email}</a>
        </dd>
        <dt>{t('message.received')}</dt>
        <dd>
          <time dateTime={message.createdAt}>{formatDate(message.createdAt)}</time>
        </dd>
      </dl>
      {message.spamReason && <p className={styles.notice}>{t(`message.spam_reason.${message.spamReason}`)}</p>}
      <div className={styles.messageText}>{message.message}</div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <a className={styles.primary} href={reply} onClick={() => void move('replied')}>
          <Reply aria-hidden="true" size={18} />
          {t('actions.reply')}
        </a>
        {actionsFor(message.state).map((action) => (
          <button key={action.label} type="button" className={styles.secondary} onClick={() => void move(action.state)}>
            {t(action.label as 'actions.archive')}
          </button>
        ))}
      </div>
      <section aria-labelledby="owner-deliveries-title" className={styles.stack}>
        <h2 id="owner-deliveries-title">{t('message.deliveries')}</h2>
        {message.deliveries.length === 0 ? (
          <p className={styles.muted}>{t('message.no_deliveries')}</p>
        ) : (
          <DeliveryList deliveries={message.deliveries} onChange={load} />
        )}
      </section>
    </article>
  );
}
