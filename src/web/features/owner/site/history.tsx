import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentVersions } from '../api/get-content-versions.js';
import { useSecurity } from '../api/get-security.js';
import { type RestoredVersion, useRestoreContentVersion } from '../api/restore-content-version.js';
import { ErrorMessage } from '../components/error-message.js';
import { useDateFormat } from '../components/use-date-format.js';
import { shownError, useReauthenticationPrompt } from '../settings/reauthentication.js';
import { ReauthenticationForm } from '../settings/reauthentication-form.js';
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
  const reauthentication = useReauthenticationPrompt();
  const { store, setPublished } = useDraftEditor();
  const formatDate = useDateFormat();
  const [comparing, setComparing] = useState<number>();
  const [restored, setRestored] = useState<{ from: number; answer: RestoredVersion }>();
  const [failure, setFailure] = useState<string>();
  const latest = versions.data?.[0];

  const restoreVersion = async (number: number) => {
    setRestored(undefined);
    setFailure(undefined);
    // Edits still on their way are saved first, so the restore sets them aside with the rest.
    if (!(await store.flush())) {
      setFailure(t('save.retrying'));
      return;
    }
    restore.mutate(number, {
      onSuccess: (answer) => {
        setPublished({ number: answer.number, createdAt: answer.createdAt, source: answer.source, note: answer.note });
        // The restored version is the draft now: nothing unpublished is left to bring back by accident.
        store.replaceWith(answer.draft);
        setRestored({ from: number, answer });
      },
      onError: (error) => reauthentication.onError(error, () => restoreVersion(number)),
    });
  };

  return (
    <div className={styles.page}>
      <StudioPageTitle title={t('history.title')} intro={t('history.intro')} />
      {reauthentication.pending && (
        <Reauthenticate onConfirmed={reauthentication.confirmed} onCancel={reauthentication.cancel} />
      )}
      {restored && <RestoreNotice restored={restored.answer} from={restored.from} />}
      <ErrorMessage error={failure ?? shownError(restore.error) ?? versions.error} />
      <SetAsideDrafts />
      {versions.data?.length === 0 && <p>{t('history.empty')}</p>}
      <ol className={styles.versions}>
        {versions.data?.map((version) => (
          <li key={version.number} className={styles.version}>
            <h2 className={styles.versionTitle}>
              {t('history.version', { number: version.number })}
              {version.number === latest?.number && <span className={styles.badge}>{t('history.current')}</span>}
            </h2>
            <p className={styles.muted}>
              <time dateTime={version.createdAt}>{formatDate(version.createdAt)}</time> ·{' '}
              {t(`history.sources.${version.source}`)}
              {version.note && <> · {version.note}</>}
            </p>
            {latest && version.number !== latest.number && (
              <div className={styles.actions}>
                <button
                  type="button"
                  className={styles.secondary}
                  aria-expanded={comparing === version.number}
                  onClick={() => setComparing(comparing === version.number ? undefined : version.number)}
                >
                  {comparing === version.number ? t('history.hide_compare') : t('history.compare')}
                </button>
                <button
                  type="button"
                  className={styles.secondary}
                  disabled={restore.isPending}
                  onClick={() => restoreVersion(version.number)}
                >
                  {t('history.restore', { number: version.number })}
                </button>
              </div>
            )}
            {latest && comparing === version.number && <VersionCompare from={version.number} to={latest.number} />}
          </li>
        ))}
      </ol>
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
