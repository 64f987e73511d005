import { useTranslation } from 'react-i18next';
import { useContentVersions } from '../api/get-content-versions.js';
import { type RestoredVersion, useRestoreContentVersion } from '../api/restore-content-version.js';
import { ErrorMessage } from '../components/error-message.js';
import { shownError } from '../settings/reauthentication.js';
import { useVersionRestore, VersionList } from '../studio/version-history.js';
import { useDraftEditor } from './draft-context.js';
import { RestoreNotice, SetAsideDrafts } from './set-aside-drafts.js';
import styles from './site.module.css';
import { StudioPageTitle } from './studio-page-title.js';
import { VersionCompare } from './version-compare.js';

/** Every published version (time, source, note), compared with the published one, and restored in one click. */
export function History() {
  const { t } = useTranslation('studio');
  const versions = useContentVersions();
  const restore = useRestoreContentVersion();
  const { store, setPublished } = useDraftEditor();
  const { restoreVersion, restored, failure, prompt } = useVersionRestore<RestoredVersion>({
    flush: () => store.flush(),
    restore: (number, callbacks) => restore.mutate(number, callbacks),
    onRestored: (answer) => {
      setPublished({ number: answer.number, createdAt: answer.createdAt, source: answer.source, note: answer.note });
      // The restored version is the draft now: nothing unpublished is left to bring back by accident.
      store.replaceWith(answer.draft);
    },
  });

  return (
    <div className={styles.page}>
      <StudioPageTitle title={t('history.title')} intro={t('history.intro')} />
      {prompt}
      {restored && <RestoreNotice restored={restored.answer} from={restored.from} />}
      <ErrorMessage error={failure ?? shownError(restore.error) ?? versions.error} />
      <SetAsideDrafts />
      <VersionList
        versions={versions.data}
        compare={(from, to) => <VersionCompare from={from} to={to} />}
        onRestore={restoreVersion}
        restoring={restore.isPending}
      />
    </div>
  );
}
