import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentChange } from '../../../../shared/schemas/content-store.js';
import { ChangeList, type PathWords } from './change-list.js';
import styles from './conflict-dialog.module.css';
import type { DraftStore, ServerDraft } from './draft-store.js';

/**
 * A save refused because the draft was saved elsewhere (another tab): each text that differs, this
 * page's version beside the saved one per language, and the owner's choice, each saying what it does.
 * Neither is thrown away before the owner chooses. `changes` go from the saved draft to this page's.
 */
export function ConflictDialog<Saved extends ServerDraft>({
  theirs,
  store,
  changes,
  pathWords,
}: {
  /** The draft saved elsewhere; the dialog is open while there is one. */
  theirs: Saved | undefined;
  store: Pick<DraftStore<unknown, Saved>, 'keepMine' | 'replaceWith'>;
  changes: ContentChange[];
  pathWords: PathWords;
}) {
  const { t } = useTranslation('studio');
  const titleId = useId();
  const hintId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const open = theirs !== undefined;

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
    if (!open && element?.open) element.close();
  }, [open]);

  const choices = [
    { name: 'keep_mine', className: styles.primary, choose: () => store.keepMine() },
    { name: 'take_theirs', className: styles.secondary, choose: () => theirs && store.replaceWith(theirs) },
  ] as const;

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      // Escape would leave the conflict unanswered: the owner must choose.
      onCancel={(event) => event.preventDefault()}
    >
      {open && (
        <div className={styles.body}>
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
          <div className={styles.choices}>
            {choices.map(({ name, className, choose }) => (
              <div key={name} className={styles.choice}>
                <button type="button" className={className} aria-describedby={`${hintId}-${name}`} onClick={choose}>
                  {t(`conflict.${name}`)}
                </button>
                <p id={`${hintId}-${name}`} className={styles.hint}>
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
