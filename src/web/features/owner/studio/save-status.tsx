import { useTranslation } from 'react-i18next';
import styles from './publish-bar.module.css';

/** What the studio shows about saving: the spec's words are "Saved", "Saving…" and "Not saved — retrying". */
export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'retrying' | 'offline' | 'conflict';

/** "Saved", "Saving…", "Not saved — retrying": announced politely as it changes. */
export function SaveStatusText({ status }: { status: SaveStatus }) {
  const { t } = useTranslation('studio');
  const text = {
    saved: t('save.saved'),
    unsaved: t('save.unsaved'),
    saving: t('save.saving'),
    retrying: t('save.retrying'),
    offline: t('save.offline'),
    conflict: t('conflict.title'),
  }[status];
  return (
    <p role="status" className={styles.saveStatus} data-status={status}>
      {text}
    </p>
  );
}
