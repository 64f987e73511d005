import { type ComponentType, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrorCode } from '../../../../shared/api-errors.js';
import type { FieldError } from '../../../../shared/schemas/api.js';
import { ApiError } from '../../../shared/api/api-client.js';
import dialogStyles from '../components/confirm-dialog.module.css';
import { ErrorMessage } from '../components/error-message.js';
import { Field } from '../components/field.js';
import { ModalDialog } from '../components/modal-dialog.js';
import { DisclosureButton } from './disclosure-button.js';
import styles from './publish-bar.module.css';
import { type SaveStatus, SaveStatusText } from './save-status.js';

type Problem = { field: string; code: FieldErrorCode };

/** Each problem as a link that takes the owner to its field; `onFollow` runs when one is followed. */
export type ProblemLinksComponent = ComponentType<{ problems: readonly Problem[]; onFollow?: () => void }>;

/** What differs between the sections' studio and an entry's editor when they publish. */
export interface Publishing<Version extends { number: number }> {
  /** The dialog's title and its sentence about what goes live. */
  title: string;
  message: string;
  /** Every problem the draft has now, by path, as publishing names them. */
  problems: ReadonlyMap<string, FieldErrorCode>;
  ProblemLinks: ProblemLinksComponent;
  /** Saves what is on screen; false when it could not. */
  flush: () => Promise<boolean>;
  publish: (note: string | undefined) => Promise<Version>;
  /** The server published `version`: it is the one visitors see now. */
  onPublished: (version: Version) => void;
  /** A refusal the editor explains itself (an entry's address taken): the problems to list and the words. */
  explainRefusal?: (error: unknown) => { problems: FieldError[]; failure: string } | undefined;
}

/**
 * The bar at the foot of every studio screen, kept in view: whether the draft is saved, `summary`
 * (how many changes visitors do not see yet), the draft's problems (each a link to its field), and
 * Publish, which asks in a dialog. What the owner edits can be published from where it is edited.
 */
export function PublishBar<Version extends { number: number }>({
  status,
  content,
  currentContent,
  summary,
  publishing,
}: {
  status: SaveStatus;
  /** The draft on screen: the next edit makes "Published as version 7" old news. */
  content: unknown;
  currentContent: () => unknown;
  summary: ReactNode;
  publishing: Publishing<Version>;
}) {
  const { t } = useTranslation('studio');
  const { problems, ProblemLinks } = publishing;
  const [open, setOpen] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [notice, setNotice] = useState<string>();
  const listId = useId();
  const problemList = [...problems].map(([field, code]) => ({ field, code }));

  // "Published as version 7" is about the content it was said for; the next edit makes it old news.
  const publishedContent = useRef<unknown>(undefined);
  useEffect(() => {
    if (notice && publishedContent.current !== content) setNotice(undefined);
  }, [notice, content]);

  useEffect(() => {
    if (problems.size === 0) setListOpen(false);
  }, [problems.size]);

  return (
    <section className={styles.bar} aria-label={t('publish_bar.label')}>
      {listOpen && problemList.length > 0 && (
        <nav id={listId} className={styles.barProblems} aria-label={t('publish_bar.problem_list')}>
          <ProblemLinks problems={problemList} onFollow={() => setListOpen(false)} />
        </nav>
      )}
      <div className={styles.barRow}>
        <SaveStatusText status={status} />
        {summary}
        {problemList.length > 0 && (
          <DisclosureButton
            open={listOpen}
            onToggle={setListOpen}
            controls={listId}
            className={styles.barProblemsButton}
          >
            {t('state.problems', { count: problemList.length })}
          </DisclosureButton>
        )}
        <button
          type="button"
          className={styles.barPublish}
          aria-haspopup="dialog"
          onClick={() => {
            setNotice(undefined);
            setOpen(true);
          }}
        >
          {t('publish_bar.open')}
        </button>
      </div>
      {/* Always there, so the news is announced when it comes. */}
      <p role="status" className={styles.barNotice}>
        {notice}
      </p>
      <PublishDialog
        open={open}
        onClose={() => setOpen(false)}
        publishing={{
          ...publishing,
          onPublished: (version) => {
            publishing.onPublished(version);
            publishedContent.current = currentContent();
            setNotice(t('publish.published', { number: version.number }));
          },
        }}
      />
    </section>
  );
}

/** The text beside the save status: how many changes are not published yet ("3 unpublished changes"). */
export function ChangeSummary({ count }: { count: number | undefined }) {
  const { t } = useTranslation('studio');
  if (count === undefined) return null;
  return (
    <p className={count > 0 ? styles.barChanged : styles.barQuiet}>
      {count > 0 ? t('state.changed', { count }) : t('state.unchanged')}
    </p>
  );
}

/** The room the change summary takes, kept where there is none (so Publish stays at the row's end). */
export function NoChangeSummary() {
  return <div className={styles.barQuiet} />;
}

/**
 * Publishing, asked in a modal dialog wherever the owner is (a modal `<dialog>` is drawn in the
 * middle of the window, never at the top of a long page): what goes live, an optional note, and
 * Publish. A draft with problems is not offered for publishing: the dialog lists them instead, each
 * a link to its field, as it does when the server refuses.
 */
function PublishDialog<Version extends { number: number }>({
  open,
  onClose,
  publishing,
}: {
  open: boolean;
  onClose: () => void;
  publishing: Publishing<Version>;
}) {
  const { t } = useTranslation('studio');
  const { title, message, problems, ProblemLinks, flush, publish, onPublished, explainRefusal } = publishing;
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
      if (!(await flush())) {
        setFailure(t('save.retrying'));
        return;
      }
      const version = await publish(note.trim() || undefined);
      setNote('');
      onPublished(version);
      onClose();
    } catch (error) {
      const explained = explainRefusal?.(error);
      if (explained) {
        setRefused(explained.problems);
        setFailure(explained.failure);
      } else if (error instanceof ApiError && error.code === 'validation_failed' && error.fieldErrors.length > 0) {
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
            {title}
          </h2>
          {shownProblems.length > 0 ? (
            <div id={messageId} ref={problemList} tabIndex={-1} role="alert" className={styles.problems}>
              <p>{t('publish.refused', { count: shownProblems.length })}</p>
              <ProblemLinks problems={shownProblems} onFollow={followLink} />
            </div>
          ) : (
            <>
              <p id={messageId} className={styles.dialogText}>
                {message}
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
