import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { useContentVersions } from '../api/get-content-versions.js';
import { useSecurity } from '../api/get-security.js';
import { useRestoreContentVersion } from '../api/restore-content-version.js';
import { ErrorMessage } from '../components/error-message.js';
import { useDateFormat } from '../components/use-date-format.js';
import { shownError, useReauthenticationPrompt } from '../settings/reauthentication.js';
import { ReauthenticationForm } from '../settings/reauthentication-form.js';
import { useDraftEditor } from './draft-context.js';
import styles from './site.module.css';
import { VersionCompare } from './version-compare.js';

/** Every published version (time, source, note), compared with the published one, and restored in one click. */
export function History() {
  const { t } = useTranslation('studio');
  const versions = useContentVersions();
  const restore = useRestoreContentVersion();
  const reauthentication = useReauthenticationPrompt();
  const { setPublished } = useDraftEditor();
  const formatDate = useDateFormat();
  const [comparing, setComparing] = useState<number>();
  const [notice, setNotice] = useState<string>();
  const latest = versions.data?.[0];

  const restoreVersion = (number: number) => {
    setNotice(undefined);
    restore.mutate(number, {
      onSuccess: (version) => {
        setPublished(version);
        setNotice(t('history.restored', { number, published: version.number }));
      },
      onError: (error) => reauthentication.onError(error, () => restoreVersion(number)),
    });
  };

  return (
    <div className={styles.page}>
      <Link to={OWNER_PATHS.site} className={styles.back}>
        <ArrowLeft aria-hidden="true" size={18} />
        {t('back')}
      </Link>
      <h1>{t('history.title')}</h1>
      <p className={styles.muted}>{t('history.intro')}</p>
      {reauthentication.pending && (
        <Reauthenticate onConfirmed={reauthentication.confirmed} onCancel={reauthentication.cancel} />
      )}
      {notice && (
        <p role="status" className={styles.success}>
          {notice}
        </p>
      )}
      <ErrorMessage error={shownError(restore.error) ?? versions.error} />
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
