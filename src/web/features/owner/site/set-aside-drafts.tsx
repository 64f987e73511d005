import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBringBackSetAsideDraft } from '../api/bring-back-set-aside-draft.js';
import { useSetAsideDrafts } from '../api/get-set-aside-drafts.js';
import type { RestoredVersion } from '../api/restore-content-version.js';
import { ErrorMessage } from '../components/error-message.js';
import { useDateFormat } from '../components/use-date-format.js';
import versionStyles from '../studio/version-history.module.css';
import { useDraftEditor } from './draft-context.js';
import ownStyles from './set-aside-drafts.module.css';
import styles from './site.module.css';

/**
 * Brings a set-aside draft back as the draft: this page's edits are saved first (so the draft it
 * replaces is set aside whole), then the studio shows the draft the server answered.
 */
function useBringBack() {
  const { t } = useTranslation('studio');
  const { store, setPublished } = useDraftEditor();
  const bringBack = useBringBackSetAsideDraft();
  const [result, setResult] = useState<string>();
  const [failure, setFailure] = useState<unknown>();

  async function run(id: string) {
    setResult(undefined);
    setFailure(undefined);
    if (!(await store.flush())) {
      setFailure(t('save.retrying'));
      return;
    }
    try {
      const answer = await bringBack.mutateAsync(id);
      setPublished(answer.published);
      store.replaceWith(answer.draft);
      setResult(answer.setAside ? t('history.brought_back_set_aside') : t('history.brought_back'));
    } catch (error) {
      setFailure(error);
    }
  }

  return { run, pending: bringBack.isPending, result, failure };
}

/** What a restore did, said plainly; when it set unpublished edits aside, they come back in one click. */
export function RestoreNotice({ restored, from }: { restored: RestoredVersion; from: number }) {
  const { t } = useTranslation('studio');
  const bringBack = useBringBack();
  const resultRef = useRef<HTMLParagraphElement>(null);
  const setAside = restored.setAside;
  const args = { number: from, published: restored.number };

  const onBringBack = async () => {
    if (!setAside) return;
    await bringBack.run(setAside.id);
    // The button is gone once they are back: focus goes to what happened rather than to the page.
    requestAnimationFrame(() => resultRef.current?.focus());
  };

  return (
    <div className={ownStyles.notice}>
      <p role="status" className={styles.success}>
        {setAside ? t('history.restored_set_aside', args) : t('history.restored', args)}
      </p>
      {setAside && !bringBack.result && (
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} disabled={bringBack.pending} onClick={onBringBack}>
            {t('history.bring_back')}
          </button>
        </div>
      )}
      <p ref={resultRef} tabIndex={-1} role="status" className={styles.success}>
        {bringBack.result ?? ''}
      </p>
      <ErrorMessage error={bringBack.failure} />
    </div>
  );
}

/** Every draft a restore set aside, newest first, each brought back in one click. */
export function SetAsideDrafts() {
  const { t } = useTranslation('studio');
  const drafts = useSetAsideDrafts();
  const bringBack = useBringBack();
  const formatDate = useDateFormat();
  const titleId = useId();
  const itemId = useId();
  if (!drafts.data?.length && !bringBack.result) return null;

  return (
    <section aria-labelledby={titleId} className={ownStyles.list}>
      <h2 id={titleId}>{t('history.set_aside_title')}</h2>
      <p className={styles.muted}>{t('history.set_aside_intro')}</p>
      <p role="status" className={styles.success}>
        {bringBack.result ?? ''}
      </p>
      <ErrorMessage error={bringBack.failure ?? drafts.error} />
      <ul className={versionStyles.versions}>
        {drafts.data?.map((draft) => {
          const date = formatDate(draft.setAsideAt);
          return (
            <li key={draft.id} className={versionStyles.version}>
              <p id={`${itemId}-${draft.id}`}>
                {draft.restoredVersion === null
                  ? t('history.set_aside_by_bring_back', { date })
                  : t('history.set_aside_by_restore', { date, number: draft.restoredVersion })}
              </p>
              <div className={versionStyles.actions}>
                <button
                  type="button"
                  className={versionStyles.secondary}
                  aria-describedby={`${itemId}-${draft.id}`}
                  disabled={bringBack.pending}
                  onClick={() => bringBack.run(draft.id)}
                >
                  {t('history.bring_back_draft')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
