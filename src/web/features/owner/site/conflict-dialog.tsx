import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { compareContent } from '../../../../shared/content-compare.js';
import { useDraftEditor } from './draft-context.js';
import { fieldWords } from './section-path.js';
import styles from './site.module.css';

const shown = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value, null, 1);

/**
 * A save refused because the draft was saved elsewhere (another tab): both versions side by side,
 * field by field, and the owner's choice. Neither is thrown away before the owner chooses.
 */
export function ConflictDialog() {
  const { t } = useTranslation('studio');
  const { snapshot, store } = useDraftEditor();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const theirs = snapshot.conflict;

  useEffect(() => {
    const element = dialog.current;
    if (theirs && element && !element.open) element.showModal();
    if (!theirs && element?.open) element.close();
  }, [theirs]);

  const changes = theirs ? compareContent(theirs.content, snapshot.content).flatMap(({ changes }) => changes) : [];
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
            <div className={styles.tableScroll}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('conflict.field')}</th>
                    <th scope="col">{t('conflict.mine')}</th>
                    <th scope="col">{t('conflict.theirs')}</th>
                  </tr>
                </thead>
                <tbody>
                  {changes.map((change) => (
                    <tr key={`${change.path}-${change.kind}`}>
                      <th scope="row">
                        {t(`sections.${change.path.split('.')[0] as 'home'}`, { defaultValue: change.path })}:{' '}
                        {fieldWords(t, change.path)}
                      </th>
                      <td className={styles.value}>{shown(change.after)}</td>
                      <td className={styles.value}>{shown(change.before)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className={styles.actions}>
            <button type="button" className={styles.primary} onClick={() => store.keepMine()}>
              {t('conflict.keep_mine')}
            </button>
            <button type="button" className={styles.secondary} onClick={() => store.takeTheirs()}>
              {t('conflict.take_theirs')}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
