import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { useSecurity } from '../api/get-security.js';
import { useConfirm } from '../components/confirm-dialog.js';
import { ErrorMessage } from '../components/error-message.js';
import { useDateFormat } from '../components/use-date-format.js';
import { shownError, useReauthenticationPrompt } from '../settings/reauthentication.js';
import { ReauthenticationForm } from '../settings/reauthentication-form.js';
import siteStyles from '../site/site.module.css';
import { useDeleteEntry } from './api/delete-entry.js';
import { useEntryVersions } from './api/get-entry-versions.js';
import { type RestoredEntryVersion, useRestoreEntryVersion } from './api/restore-entry-version.js';
import { EntryHeader, useEntryTitle } from './entry-editor.js';
import { useEntryEditor } from './entry-editor-context.js';

/**
 * An entry's history: every published version (time, source, note), Restore (a copy published as
 * the newest and made the draft, after a fresh sign-in check; a draft with unpublished edits is set
 * aside), and deleting the entry.
 */
export function EntryHistory() {
  const { t } = useTranslation('studio');
  const { collection, id, store, setPublished } = useEntryEditor();
  const versions = useEntryVersions(collection, id);
  const restore = useRestoreEntryVersion(collection);
  const remove = useDeleteEntry(collection);
  const reauthentication = useReauthenticationPrompt();
  const formatDate = useDateFormat();
  const navigate = useNavigate();
  const [confirmDialog, confirm] = useConfirm();
  const [restored, setRestored] = useState<{ from: number; answer: RestoredEntryVersion }>();
  const [failure, setFailure] = useState<string>();
  const title = useEntryTitle();
  const latest = versions.data?.[0];

  const restoreVersion = async (number: number) => {
    setRestored(undefined);
    setFailure(undefined);
    if (!(await store.flush())) {
      setFailure(t('save.retrying'));
      return;
    }
    restore.mutate(
      { collection, id, number },
      {
        onSuccess: (answer) => {
          setPublished({
            number: answer.number,
            createdAt: answer.createdAt,
            source: answer.source,
            note: answer.note,
            restoredFrom: answer.restoredFrom,
          });
          store.replaceWith(answer.draft);
          setRestored({ from: number, answer });
        },
        onError: (error) => reauthentication.onError(error, () => restoreVersion(number)),
      },
    );
  };

  const deleteEntry = async () => {
    const yes = await confirm({
      title: t('entries.delete_title', { title }),
      message: t('entries.delete_message'),
      confirmLabel: t('entries.delete_confirm'),
      cancelLabel: t('publish_bar.cancel'),
      destructive: true,
    });
    if (!yes) return;
    const run = () =>
      remove.mutate(
        { collection, id },
        {
          onSuccess: () => navigate(OWNER_PATHS[collection]),
          onError: (error) => reauthentication.onError(error, run),
        },
      );
    run();
  };

  return (
    <div className={siteStyles.page}>
      <EntryHeader title={title} />
      <h2>{t('history.title')}</h2>
      <p className={siteStyles.muted}>{t('entries.history_intro')}</p>
      {reauthentication.pending && (
        <Reauthenticate onConfirmed={reauthentication.confirmed} onCancel={reauthentication.cancel} />
      )}
      {restored && (
        <p role="status" className={siteStyles.success}>
          {restored.answer.setAside
            ? t('history.restored_set_aside', { number: restored.from, published: restored.answer.number })
            : t('history.restored', { number: restored.from, published: restored.answer.number })}
        </p>
      )}
      <ErrorMessage error={failure ?? shownError(restore.error) ?? shownError(remove.error) ?? versions.error} />
      {versions.data?.length === 0 && <p>{t('history.empty')}</p>}
      <ol className={siteStyles.versions}>
        {versions.data?.map((version) => (
          <li key={version.number} className={siteStyles.version}>
            <h3 className={siteStyles.versionTitle}>
              {t('history.version', { number: version.number })}
              {version.number === latest?.number && <span className={siteStyles.badge}>{t('history.current')}</span>}
            </h3>
            <p className={siteStyles.muted}>
              <time dateTime={version.createdAt}>{formatDate(version.createdAt)}</time> ·{' '}
              {t(`history.sources.${version.source}`)}
              {version.note && <> · {version.note}</>}
            </p>
            {latest && version.number !== latest.number && (
              <div className={siteStyles.actions}>
                <button
                  type="button"
                  className={siteStyles.secondary}
                  disabled={restore.isPending}
                  onClick={() => restoreVersion(version.number)}
                >
                  {t('history.restore', { number: version.number })}
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      <section className={siteStyles.panel} aria-labelledby="entry-delete-title">
        <h2 id="entry-delete-title">{t('entries.delete_heading')}</h2>
        <p className={siteStyles.muted}>{t('entries.delete_message')}</p>
        <div className={siteStyles.actions}>
          <button type="button" className={siteStyles.secondary} disabled={remove.isPending} onClick={deleteEntry}>
            {t('entries.delete_confirm')}
          </button>
        </div>
      </section>
      {confirmDialog}
    </div>
  );
}

function Reauthenticate({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const security = useSecurity();
  return (
    <ReauthenticationForm
      secondFactor={security.data?.secondFactor.enabled ?? false}
      onConfirmed={onConfirmed}
      onCancel={onCancel}
    />
  );
}
