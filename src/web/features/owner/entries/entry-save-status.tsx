import { useTranslation } from 'react-i18next';
import siteStyles from '../site/site.module.css';
import { useEntryEditor } from './entry-editor-context.js';

/** "Saved", "Saving…", "Not saved — retrying": announced politely as it changes. */
export function EntrySaveStatus() {
  const { t } = useTranslation('studio');
  const { snapshot } = useEntryEditor();
  const text = {
    saved: t('save.saved'),
    unsaved: t('save.unsaved'),
    saving: t('save.saving'),
    retrying: t('save.retrying'),
    offline: t('save.offline'),
    conflict: t('conflict.title'),
  }[snapshot.status];
  return (
    <p role="status" className={siteStyles.saveStatus} data-status={snapshot.status}>
      {text}
    </p>
  );
}
