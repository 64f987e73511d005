import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrorCode } from '../../../../shared/api-errors.js';
import type { FieldError } from '../../../../shared/schemas/api.js';
import { ApiError } from '../../../shared/api/api-client.js';
import dialogStyles from '../components/confirm-dialog.module.css';
import { ErrorMessage } from '../components/error-message.js';
import { Field } from '../components/field.js';
import { ModalDialog } from '../components/modal-dialog.js';
import { DisclosureButton } from '../site/disclosure-button.js';
import siteStyles from '../site/site.module.css';
import { usePublishEntry } from './api/publish-entry.js';
import { focusEntryField } from './entry-editor.js';
import { useEntryEditor } from './entry-editor-context.js';
import { entryFieldId } from './entry-model.js';
import { EntrySaveStatus } from './entry-save-status.js';
import { useProblemWords } from './problem-words.js';

/** Each problem as a link to its field in the editor (its language's column and body shown first). */
function EntryProblemLinks({
  problems,
  onFollow,
}: {
  problems: readonly { field: string; code: FieldErrorCode }[];
  onFollow?: () => void;
}) {
  const words = useProblemWords();
  return (
    <ul>
      {problems.map((problem) => (
        <li key={problem.field}>
          <a
            href={`#${entryFieldId(problem.field)}`}
            onClick={(event) => {
              event.preventDefault();
              onFollow?.();
              focusEntryField(problem.field);
            }}
          >
            {words(problem)}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The entry's bar at the foot of its screens, as the sections' publish bar: whether the draft is
 * saved, its problems (each a link to its field), and Publish, asked in a dialog.
 */
export function EntryPublishBar() {
  const { t } = useTranslation('studio');
  const { store, snapshot, problems } = useEntryEditor();
  const [publishing, setPublishing] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [notice, setNotice] = useState<string>();
  const listId = useId();
  const problemList = [...problems].map(([field, code]) => ({ field, code }));
  const publishedContent = useRef<unknown>(undefined);

  useEffect(() => {
    if (notice && publishedContent.current !== snapshot.content) setNotice(undefined);
  }, [notice, snapshot.content]);
  useEffect(() => {
    if (problems.size === 0) setListOpen(false);
  }, [problems.size]);

  return (
    <section className={siteStyles.bar} aria-label={t('publish_bar.label')}>
      {listOpen && problemList.length > 0 && (
        <nav id={listId} className={siteStyles.barProblems} aria-label={t('publish_bar.problem_list')}>
          <EntryProblemLinks problems={problemList} onFollow={() => setListOpen(false)} />
        </nav>
      )}
      <div className={siteStyles.barRow}>
        <EntrySaveStatus />
        <div className={siteStyles.barQuiet} />
        {problemList.length > 0 && (
          <DisclosureButton
            open={listOpen}
            onToggle={setListOpen}
            controls={listId}
            className={siteStyles.barProblemsButton}
          >
            {t('state.problems', { count: problemList.length })}
          </DisclosureButton>
        )}
        <button
          type="button"
          className={siteStyles.barPublish}
          aria-haspopup="dialog"
          onClick={() => {
            setNotice(undefined);
            setPublishing(true);
          }}
        >
          {t('publish_bar.open')}
        </button>
      </div>
      <p role="status" className={siteStyles.barNotice}>
        {notice}
      </p>
      <EntryPublishDialog
        open={publishing}
        onClose={() => setPublishing(false)}
        onPublished={(number) => {
          publishedContent.current = store.getSnapshot().content;
          setNotice(t('publish.published', { number }));
        }}
      />
    </section>
  );
}

function EntryPublishDialog({
  open,
  onClose,
  onPublished,
}: {
  open: boolean;
  onClose: () => void;
  onPublished: (number: number) => void;
}) {
  const { t } = useTranslation('studio');
  const { collection, id, store, problems, setPublished } = useEntryEditor();
  const publish = usePublishEntry(collection);
  const noteInput = useRef<HTMLInputElement>(null);
  const problemList = useRef<HTMLDivElement>(null);
  const [note, setNote] = useState('');
  const [refused, setRefused] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [followedLink, setFollowedLink] = useState(false);
  const titleId = useId();
  const messageId = useId();
  const shownProblems = refused.length > 0 ? refused : [...problems].map(([field, code]) => ({ field, code }));

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
      const version = await publish.mutateAsync({ collection, id, note: note.trim() || undefined });
      setPublished(version);
      setNote('');
      onPublished(version.number);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.fieldErrors.length > 0) {
        setRefused(error.fieldErrors);
        requestAnimationFrame(() => problemList.current?.focus());
      } else if (error instanceof ApiError && error.code === 'slug_taken') {
        setRefused([{ field: 'slug', code: 'invalid' }]);
        setFailure(t('entries.slug_taken'));
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
      onOpen={() => {
        setRefused([]);
        setFailure(undefined);
        setFollowedLink(false);
        requestAnimationFrame(() => (noteInput.current ?? problemList.current)?.focus());
      }}
      returnFocus={!followedLink}
      className={dialogStyles.dialog}
      aria-labelledby={titleId}
      aria-describedby={messageId}
    >
      {open && (
        <form className={dialogStyles.body} onSubmit={onSubmit} noValidate>
          <h2 id={titleId} className={dialogStyles.title}>
            {t('entries.publish_title')}
          </h2>
          {shownProblems.length > 0 ? (
            <div id={messageId} ref={problemList} tabIndex={-1} role="alert" className={siteStyles.problems}>
              <p>{t('publish.refused', { count: shownProblems.length })}</p>
              <EntryProblemLinks
                problems={shownProblems}
                onFollow={() => {
                  setFollowedLink(true);
                  onClose();
                }}
              />
            </div>
          ) : (
            <>
              <p id={messageId} className={siteStyles.dialogText}>
                {t('entries.publish_text')}
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
