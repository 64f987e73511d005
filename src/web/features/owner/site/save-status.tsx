import { useTranslation } from 'react-i18next';
import { useDraftEditor } from './draft-context.js';
import styles from './site.module.css';

/** "Saved", "Saving…", "Not saved — retrying": announced politely as it changes. */
export function SaveStatus() {
  const { t } = useTranslation('studio');
  const { snapshot } = useDraftEditor();
  const text = {
    saved: t('save.saved'),
    unsaved: t('save.unsaved'),
    saving: t('save.saving'),
    retrying: t('save.retrying'),
    offline: t('save.offline'),
    conflict: t('conflict.title'),
  }[snapshot.status];
  return (
    <p role="status" className={styles.saveStatus} data-status={snapshot.status}>
      {text}
    </p>
  );
}
