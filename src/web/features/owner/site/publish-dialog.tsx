import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../../shared/schemas/api.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { usePublishContent } from '../api/publish-content.js';
import dialogStyles from '../components/confirm-dialog.module.css';
import { ErrorMessage } from '../components/error-message.js';
import { Field } from '../components/field.js';
import { ModalDialog } from '../components/modal-dialog.js';
import { useDraftEditor } from './draft-context.js';
import { ProblemLinks } from './problem-links.js';
import styles from './site.module.css';
import { useDraftChanges } from './use-draft-changes.js';

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
  const noteInput = useRef<HTMLInputElement>(null);
  const problemList = useRef<HTMLDivElement>(null);
  const [note, setNote] = useState('');
  const [refused, setRefused] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [followedLink, setFollowedLink] = useState(false);
  const titleId = useId();
  const messageId = useId();

  // The server's list when it refused; before that, the draft's own problems, found by the same schemas.
  const shownProblems = refused.length > 0 ? refused : [...problems].map(([field, code]) => ({ field, code }));
  const changeCount = changes?.reduce((total, section) => total + section.changes.length, 0) ?? 0;

  function opened() {
    setRefused([]);
    setFailure(undefined);
    setFollowedLink(false);
    requestAnimationFrame(() => (noteInput.current ?? problemList.current)?.focus());
  }

  /** A problem's link takes the owner to its field: focus stays there rather than going back. */
  function followLink() {
    setFollowedLink(true);
    onClose();
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
      onClose();
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

  return (
    <ModalDialog
      open={open}
      busy={busy}
      onCancel={onClose}
      onOpen={opened}
      returnFocus={!followedLink}
      className={dialogStyles.dialog}
      aria-labelledby={titleId}
      aria-describedby={messageId}
    >
      {open && (
        <form className={dialogStyles.body} onSubmit={onSubmit} noValidate>
          <h2 id={titleId} className={dialogStyles.title}>
            {t('publish_bar.confirm_title')}
          </h2>
          {shownProblems.length > 0 ? (
            <div id={messageId} ref={problemList} tabIndex={-1} role="alert" className={styles.problems}>
              <p>{t('publish.refused', { count: shownProblems.length })}</p>
              <ProblemLinks problems={shownProblems} onFollow={followLink} />
            </div>
          ) : (
            <>
              <p id={messageId} className={styles.dialogText}>
                {changeCount > 0
                  ? t('publish_bar.confirm_changes', { count: changeCount })
                  : t('publish_bar.confirm_none')}
              </p>
              <Field
                ref={noteInput}
                label={t('publish.note')}
                name="note"
                maxLength={500}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </>
          )}
          <ErrorMessage error={failure} />
          <div className={dialogStyles.actions}>
            <button type="button" className={dialogStyles.cancel} onClick={onClose} disabled={busy}>
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
    </ModalDialog>
  );
}
