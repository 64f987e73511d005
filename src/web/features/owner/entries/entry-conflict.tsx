import { useTranslation } from 'react-i18next';
import siteStyles from '../site/site.module.css';
import styles from './entries.module.css';
import { useEntryEditor } from './entry-editor-context.js';

/**
 * The entry's draft was saved elsewhere (another tab) since this page read it: nothing is thrown away
 * until the owner chooses to keep this page's edits or take the other draft.
 */
export function EntryConflict() {
  const { t } = useTranslation('studio');
  const { snapshot, store } = useEntryEditor();
  if (!snapshot.conflict) return null;
  const theirs = snapshot.conflict;
  return (
    <section className={styles.conflict} role="alert" aria-labelledby="entry-conflict-title">
      <h2 id="entry-conflict-title">{t('conflict.title')}</h2>
      <p>{t('entries.conflict_text')}</p>
      <div className={siteStyles.actions}>
        <button type="button" className={siteStyles.primary} onClick={() => store.keepMine()}>
          {t('entries.keep_mine')}
        </button>
        <button type="button" className={siteStyles.secondary} onClick={() => store.replaceWith(theirs)}>
          {t('entries.take_theirs')}
        </button>
      </div>
    </section>
  );
}
