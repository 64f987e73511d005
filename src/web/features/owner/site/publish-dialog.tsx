import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../../shared/schemas/api.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { usePublishContent } from '../api/publish-content.js';
import dialogStyles from '../components/confirm-dialog.module.css';
import { ErrorMessage } from '../components/error-message.js';
import { useDraftEditor } from './draft-context.js';
import { ProblemLinks } from './problem-links.js';
import styles from './site.module.css';
import { useDraftChanges } from './use-draft-changes.js';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Publishing, asked in a modal dialog wherever the owner is (a modal `<dialog>` is drawn in the
 * middle of the window, never at the top of a long page): what goes live, an optional note, and
 * Publish. A draft with problems is not offered for publishing: the dialog lists them instead, each
 * a link to its field, as it does when the server refuses.
 */
export function PublishDialog({
  open,
  onClose,
  onPublished,
}: {
  open: boolean;
  onClose: () => void;
  onPublished: (number: number) => void;
}) {
  const { t } = useTranslation('studio');
  const { store, problems, setPublished } = useDraftEditor();
  const changes = useDraftChanges();
  const publish = usePublishContent();
  const dialog = useRef<HTMLDialogElement>(null);
  const noteInput = useRef<HTMLInputElement>(null);
  const problemList = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [note, setNote] = useState('');
  const [refused, setRefused] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const messageId = useId();

  // The server's list when it refused; before that, the draft's own problems, found by the same schemas.
  const shownProblems = refused.length > 0 ? refused : [...problems].map(([field, code]) => ({ field, code }));
  const changeCount = changes?.reduce((total, section) => total + section.changes.length, 0) ?? 0;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setRefused([]);
      setFailure(undefined);
      element.showModal();
      requestAnimationFrame(() => (noteInput.current ?? problemList.current)?.focus());
    }
    if (!open && element.open) element.close();
  }, [open]);

  /** Closes the dialog; focus goes back to what opened it unless a link takes the owner elsewhere. */
  function close(restoreFocus: boolean) {
    onClose();
    if (restoreFocus) requestAnimationFrame(() => returnFocus.current?.focus());
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || shownProblems.length > 0) return;
    setBusy(true);
    setRefused([]);
    setFailure(undefined);
    try {
      if (!(await store.flush())) {
        setFailure(t('save.retrying'));
        return;
      }
      const version = await publish.mutateAsync({ note: note.trim() || undefined });
      setPublished(version);
      setNote('');
      onPublished(version.number);
      close(true);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.fieldErrors.length > 0) {
        setRefused(error.fieldErrors);
        requestAnimationFrame(() => problemList.current?.focus());
      } else {
        setFailure(error);
      }
    } finally {
      setBusy(false);
    }
  }

  // Browsers let Tab leave a modal dialog for their own toolbar; the owner's focus stays in it.
  const keepTabInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className={dialogStyles.dialog}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        // Escape: React's state closes the dialog, so it stays the one source of truth.
        event.preventDefault();
        if (!busy) close(true);
      }}
    >
      {open && (
        <form className={dialogStyles.body} onSubmit={onSubmit} noValidate>
          <h2 id={titleId} className={dialogStyles.title}>
            {t('publish_bar.confirm_title')}
          </h2>
          {shownProblems.length > 0 ? (
            <div id={messageId} ref={problemList} tabIndex={-1} role="alert" className={styles.problems}>
              <p>{t('publish.refused', { count: shownProblems.length })}</p>
              <ProblemLinks problems={shownProblems} onFollow={() => close(false)} />
            </div>
          ) : (
            <>
              <p id={messageId} className={styles.dialogText}>
                {changeCount > 0
                  ? t('publish_bar.confirm_changes', { count: changeCount })
                  : t('publish_bar.confirm_none')}
              </p>
              <label className={styles.field}>
                <span>{t('publish.note')}</span>
                <input
                  ref={noteInput}
                  className={styles.input}
                  name="note"
                  maxLength={500}
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                />
              </label>
            </>
          )}
          <ErrorMessage error={failure} />
          <div className={dialogStyles.actions}>
            <button type="button" className={dialogStyles.cancel} onClick={() => close(true)} disabled={busy}>
              {shownProblems.length > 0 ? t('publish_bar.close') : t('publish_bar.cancel')}
            </button>
            {shownProblems.length === 0 && (
              <button type="submit" className={dialogStyles.confirm} disabled={busy}>
                {busy ? t('publish.publishing') : t('publish.submit')}
              </button>
            )}
          </div>
        </form>
      )}
    </dialog>
  );
}
