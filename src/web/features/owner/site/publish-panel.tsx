import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { API_PREFIX } from '../../../../shared/http.js';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import type { FieldError } from '../../../../shared/schemas/api.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { useContentVersion } from '../api/get-content-version.js';
import { usePublishContent } from '../api/publish-content.js';
import { ErrorMessage } from '../components/error-message.js';
import { useDraftEditor } from './draft-context.js';
import { fieldLink, fieldWords } from './section-path.js';
import styles from './site.module.css';

/**
 * Publish (with an optional note) after the last edits are saved; a refused publish lists every
 * problem with a link to its field. Discard puts the published content back as the draft.
 */
export function PublishPanel() {
  const { t } = useTranslation('studio');
  const { store, published, setPublished } = useDraftEditor();
  const publish = usePublishContent();
  const publishedVersion = useContentVersion(published?.number);
  const [note, setNote] = useState('');
  const [refused, setRefused] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const problemsId = useId();

  async function onPublish(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setRefused([]);
    setNotice(undefined);
    setFailure(undefined);
    try {
      if (!(await store.flush())) {
        setFailure(t('save.retrying'));
        return;
      }
      const version = await publish.mutateAsync({ note: note.trim() || undefined });
      setPublished(version);
      setNote('');
      setNotice(t('publish.published', { number: version.number }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.fieldErrors.length > 0) {
        setRefused(error.fieldErrors);
        requestAnimationFrame(() => document.getElementById(problemsId)?.focus());
      } else {
        setFailure(error);
      }
    } finally {
      setBusy(false);
    }
  }

  async function onDiscard() {
    if (!publishedVersion.data || !window.confirm(t('publish.discard_confirm'))) return;
    store.edit(publishedVersion.data.content);
    setRefused([]);
    setNotice((await store.flush()) ? t('publish.discarded') : undefined);
  }

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('publish.title')}</h2>
      <form className={styles.publishForm} onSubmit={onPublish} noValidate>
        <label className={styles.field}>
          <span>{t('publish.note')}</span>
          <input
            className={styles.input}
            name="note"
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </label>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? t('publish.publishing') : t('publish.submit')}
          </button>
          <button
            type="button"
            className={styles.secondary}
            onClick={onDiscard}
            disabled={busy || !publishedVersion.data}
          >
            {t('publish.discard')}
          </button>
        </div>
      </form>
      {notice && (
        <p role="status" className={styles.success}>
          {notice}
        </p>
      )}
      <ErrorMessage error={failure} />
      {refused.length > 0 && (
        <div id={problemsId} tabIndex={-1} role="alert" className={styles.problems}>
          <p>{t('publish.refused', { count: refused.length })}</p>
          <ul>
            {refused.map((problem) => (
              <li key={problem.field}>
                <Link to={fieldLink(OWNER_PATHS.site, problem.field)}>
                  {t('publish.problem', {
                    section: t(`sections.${problem.field.split('.')[0] as 'home'}`, { defaultValue: problem.field }),
                    field: fieldWords(t, problem.field),
                    error: t(`field_errors.${problem.code}`),
                  })}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className={styles.links}>
        <Link to={`${OWNER_PATHS.site}/history`}>{t('history.title')}</Link>
        <a href={`${API_PREFIX}/owner/content/export.zip`} download>
          {t('publish.export')}
        </a>
      </p>
    </section>
  );
}
