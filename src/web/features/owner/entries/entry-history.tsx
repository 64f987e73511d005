import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { useConfirm } from '../components/confirm-dialog.js';
import { ErrorMessage } from '../components/error-message.js';
import { shownError } from '../settings/reauthentication.js';
import siteStyles from '../site/site.module.css';
import { useVersionRestore, VersionList } from '../studio/version-history.js';
import { useDeleteEntry } from './api/delete-entry.js';
import { useEntryVersions } from './api/get-entry-versions.js';
import { type RestoredEntryVersion, useRestoreEntryVersion } from './api/restore-entry-version.js';
import { EntryHeader, useEntryTitle } from './entry-editor.js';
import { useEntryEditor } from './entry-editor-context.js';
import { EntryVersionCompare } from './entry-version-compare.js';

/**
 * An entry's history: every published version (time, source, note), compared field by field with
 * the published one, Restore (a copy published as the newest and made the draft, after a fresh
 * sign-in check; a draft with unpublished edits is set aside), and deleting the entry.
 */
export function EntryHistory() {
  const { t } = useTranslation('studio');
  const { collection, id, store, setPublished } = useEntryEditor();
  const versions = useEntryVersions(collection, id);
  const restore = useRestoreEntryVersion(collection);
  const remove = useDeleteEntry(collection);
  const navigate = useNavigate();
  const [confirmDialog, confirm] = useConfirm();
  const title = useEntryTitle();
  const { restoreVersion, restored, failure, reauthentication, prompt } = useVersionRestore<RestoredEntryVersion>({
    flush: () => store.flush(),
    restore: (number, callbacks) => restore.mutate({ collection, id, number }, callbacks),
    onRestored: (answer) => {
      setPublished({
        number: answer.number,
        createdAt: answer.createdAt,
        source: answer.source,
        note: answer.note,
        restoredFrom: answer.restoredFrom,
      });
      store.replaceWith(answer.draft);
    },
  });

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
      {prompt}
      {restored && (
        <p role="status" className={siteStyles.success}>
          {restored.answer.setAside
            ? t('history.restored_set_aside', { number: restored.from, published: restored.answer.number })
            : t('history.restored', { number: restored.from, published: restored.answer.number })}
        </p>
      )}
      <ErrorMessage error={failure ?? shownError(restore.error) ?? shownError(remove.error) ?? versions.error} />
      <VersionList
        versions={versions.data}
        compare={(from, to) => <EntryVersionCompare collection={collection} id={id} from={from} to={to} />}
        onRestore={restoreVersion}
        restoring={restore.isPending}
        headingLevel={3}
      />
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
