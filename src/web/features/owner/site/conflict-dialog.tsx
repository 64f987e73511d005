import { useCallback, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { compareContent } from '../../../../shared/content-compare.js';
import type { ContentChange } from '../../../../shared/schemas/content-store.js';
import { ChangeList } from '../studio/change-list.js';
import conflictStyles from './conflict-dialog.module.css';
import { useDraftEditor } from './draft-context.js';
import { valueAt } from './form-model.js';
import styles from './site.module.css';
import { useSitePathWords } from './version-compare.js';

/**
 * A save refused because the draft was saved elsewhere (another tab): each text that differs, this
 * page's version beside the saved one per language, and the owner's choice, each saying what it does.
 * Neither is thrown away before the owner chooses.
 */
export function ConflictDialog() {
  const { t } = useTranslation('studio');
  const { snapshot, store } = useDraftEditor();
  const titleId = useId();
  const hintId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const theirs = snapshot.conflict;

  useEffect(() => {
    const element = dialog.current;
    if (theirs && element && !element.open) element.showModal();
    if (!theirs && element?.open) element.close();
  }, [theirs]);

  const choices = [
    { name: 'keep_mine', className: styles.primary, choose: () => store.keepMine() },
    { name: 'take_theirs', className: styles.secondary, choose: () => theirs && store.replaceWith(theirs) },
  ] as const;

  const changes = theirs ? compareContent(theirs.content, snapshot.content).flatMap(({ changes }) => changes) : [];
  // List items are named by this page's content, or by the saved one's when this page removed them.
  const pathWords = useSitePathWords(
    useCallback(
      (change: ContentChange) =>
        valueAt(snapshot.content, change.path.split('.')) === undefined ? theirs?.content : snapshot.content,
      [snapshot.content, theirs],
    ),
  );
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      // Escape would leave the conflict unanswered: the owner must choose.
      onCancel={(event) => event.preventDefault()}
    >
      {theirs && (
        <div className={styles.dialogBody}>
          <h2 id={titleId}>{t('conflict.title')}</h2>
          <p>{t('conflict.intro')}</p>
          {changes.length === 0 ? (
            <p>{t('conflict.no_differences')}</p>
          ) : (
            <ChangeList
              changes={changes}
              sides={{ before: t('conflict.theirs'), after: t('conflict.mine') }}
              afterFirst
              marks="differences"
              pathWords={pathWords}
            />
          )}
          <div className={conflictStyles.choices}>
            {choices.map(({ name, className, choose }) => (
              <div key={name} className={conflictStyles.choice}>
                <button type="button" className={className} aria-describedby={`${hintId}-${name}`} onClick={choose}>
                  {t(`conflict.${name}`)}
                </button>
                <p id={`${hintId}-${name}`} className={styles.muted}>
                  {t(`conflict.${name}_hint`)}
                </p>
              </div>
            ))}
          </div>
        </div>
      )}
    </dialog>
  );
}
