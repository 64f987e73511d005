import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { EmailAddress } from '../../../shared/components/email-address.js';
import type { MessageList } from '../api/get-messages.js';
import { StateTag } from '../components/state-tag.js';
import { useDateFormat } from '../components/use-date-format.js';
import styles from './message-row.module.css';

interface MessageRowProps {
  message: MessageList['messages'][number];
  selected: boolean;
  onToggle: () => void;
}

/** One message in the list: its checkbox, and a link with the sender, the start of the text and its state. */
export function MessageRow({ message, selected, onToggle }: MessageRowProps) {
  const { t } = useTranslation('owner');
  const formatDate = useDateFormat();
  const failed = message.deliveries.some((delivery) => delivery.status === 'failed');
  return (
    <li className={styles.messageRow} data-state={message.state}>
      <input
        type="checkbox"
        className={styles.check}
        checked={selected}
        onChange={onToggle}
        aria-label={t('inbox.select', { name: message.name })}
      />
      <Link to={`${OWNER_PATHS.message}/${message.id}`} className={styles.messageLink}>
        <span className={styles.from}>
          {message.state === 'new' && <span className={styles.unreadDot} aria-hidden="true" />}
          <strong>{message.name}</strong>
          <span className={styles.email}>
            <EmailAddress address={message.email} />
          </span>
        </span>
        <span className={styles.excerpt}>{message.message}</span>
        <span className={styles.meta}>
          <time dateTime={message.createdAt}>{formatDate(message.createdAt)}</time>
          <StateTag state={message.state} />
          {failed && (
            <span className={styles.warning}>
              <AlertTriangle aria-hidden="true" size={16} />
              {t('delivery.failed')}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}
