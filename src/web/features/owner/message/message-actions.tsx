import { Reply } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { INBOX_ACTIONS, INBOX_MOVES } from '../../../../shared/inbox-moves.js';
import type { MessageState, OwnerMessage } from '../../../../shared/schemas/owner.js';
import { useDateFormat } from '../components/use-date-format.js';
import styles from './message-actions.module.css';
import { replyLink } from './reply-link.js';

/** Reply (a `mailto:` link that also marks the message replied) and the moves its state allows. */
export function MessageActions({ message, onMove }: { message: OwnerMessage; onMove: (state: MessageState) => void }) {
  const { t } = useTranslation('owner');
  const formatDate = useDateFormat();
  const actions = INBOX_MOVES[message.state];
  const reply = replyLink({
    email: message.email,
    subject: t('message.reply_subject'),
    quoteHeader: t('message.reply_quote', { name: message.name, date: formatDate(message.createdAt) }),
    message: message.message,
  });
  return (
    <div className={styles.actions}>
      {actions.includes('reply') && (
        <a className={styles.reply} href={reply} onClick={() => onMove('replied')}>
          <Reply aria-hidden="true" size={18} />
          {t('actions.reply')}
        </a>
      )}
      {actions
        .filter((action) => action !== 'reply')
        .map((action) => (
          <button key={action} type="button" className={styles.move} onClick={() => onMove(INBOX_ACTIONS[action])}>
            {t(`actions.${action}`)}
          </button>
        ))}
    </div>
  );
}
