import { useTranslation } from 'react-i18next';
import type { MessageList } from '../api/get-messages.js';
import styles from './inbox-folders.module.css';

/** The folders on the left: the inbox (new, read and replied) and one per other state. */
const FOLDERS = ['inbox', 'new', 'replied', 'archived', 'spam', 'trash'] as const;
export type Folder = (typeof FOLDERS)[number];

export function folderFrom(value: string | null): Folder {
  return (FOLDERS as readonly (string | null)[]).includes(value) ? (value as Folder) : 'inbox';
}

interface InboxFoldersProps {
  current: Folder;
  counts: MessageList['counts'] | undefined;
  onOpen: (folder: Folder) => void;
  className: string | undefined;
}

export function InboxFolders({ current, counts, onOpen, className }: InboxFoldersProps) {
  const { t } = useTranslation('owner');
  const count = (name: Folder) =>
    !counts ? undefined : name === 'inbox' ? counts.new + counts.read + counts.replied : counts[name];
  return (
    <nav aria-label={t('inbox.folders_label')} className={`${styles.folders} ${className ?? ''}`}>
      {FOLDERS.map((name) => (
        <button
          key={name}
          type="button"
          className={styles.folder}
          aria-current={current === name ? 'page' : undefined}
          onClick={() => onOpen(name)}
        >
          <span>{t(`folders.${name}`)}</span>
          {count(name) !== undefined && <span className={styles.count}>{count(name)}</span>}
        </button>
      ))}
    </nav>
  );
}
