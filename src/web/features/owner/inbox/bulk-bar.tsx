import { useTranslation } from 'react-i18next';
import { bulkActions, INBOX_ACTIONS } from '../../../../shared/inbox-moves.js';
import type { MessageState } from '../../../../shared/schemas/owner.js';
import type { MessageList } from '../api/get-messages.js';
import styles from './bulk-bar.module.css';

interface BulkBarProps {
  messages: MessageList['messages'];
  selected: ReadonlySet<string>;
  onSelect: (ids: Set<string>) => void;
  onMove: (state: MessageState) => void;
}

/** Select all on the page, and the moves every selected message allows (`shared/inbox-moves.ts`). */
export function BulkBar({ messages, selected, onSelect, onMove }: BulkBarProps) {
  const { t } = useTranslation('owner');
  const chosen = messages.filter((message) => selected.has(message.id));
  const allSelected = messages.length > 0 && chosen.length === messages.length;
  return (
    <div className={styles.bulkBar} role="toolbar" aria-label={t('inbox.bulk_label')}>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={allSelected}
          disabled={messages.length === 0}
          onChange={() => onSelect(allSelected ? new Set() : new Set(messages.map((message) => message.id)))}
        />
        <span>{chosen.length > 0 ? t('inbox.selected', { count: chosen.length }) : t('inbox.select_all')}</span>
      </label>
      {bulkActions(chosen.map((message) => message.state)).map((action) => (
        <button key={action} type="button" className={styles.action} onClick={() => onMove(INBOX_ACTIONS[action])}>
          {t(`actions.${action}`)}
        </button>
      ))}
    </div>
  );
}
