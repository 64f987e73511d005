import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSecurity } from '../api/get-security.js';
import { useDateFormat } from '../components/use-date-format.js';
import { useReauthenticationPrompt } from '../settings/reauthentication.js';
import { ReauthenticationForm } from '../settings/reauthentication-form.js';
import styles from './version-history.module.css';

interface VersionSummary {
  number: number;
  createdAt: string;
  source: 'editor' | 'files' | 'restore';
  note: string | null;
}

/**
 * Published versions, newest first, each with its time, source and note; every older one can be
 * compared with the newest (`compare` draws the comparison) and restored. The sections' history and
 * an entry's share it.
 */
export function VersionList({
  versions,
  compare,
  onRestore,
  restoring,
  headingLevel = 2,
}: {
  versions: readonly VersionSummary[] | undefined;
  compare: (from: number, to: number) => ReactNode;
  onRestore: (number: number) => void;
  restoring: boolean;
  /** The level of each version's heading: 3 where the page has a heading of its own for the history. */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('studio');
  const formatDate = useDateFormat();
  const [comparing, setComparing] = useState<number>();
  const latest = versions?.[0];
  const Heading = `h${headingLevel}` as const;
  if (versions?.length === 0) return <p>{t('history.empty')}</p>;
  return (
    <ol className={styles.versions}>
      {versions?.map((version) => (
        <li key={version.number} className={styles.version}>
          <Heading className={styles.title}>
            {t('history.version', { number: version.number })}
            {version.number === latest?.number && <span className={styles.badge}>{t('history.current')}</span>}
          </Heading>
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
                disabled={restoring}
                onClick={() => onRestore(version.number)}
              >
                {t('history.restore', { number: version.number })}
              </button>
            </div>
          )}
          {latest && comparing === version.number && compare(version.number, latest.number)}
        </li>
      ))}
    </ol>
  );
}

interface RestoreCallbacks<Answer> {
  onSuccess: (answer: Answer) => void;
  onError: (error: Error) => void;
}

/**
 * Restoring a version, as both histories do it: the edits still on their way are saved first (so the
 * restore sets them aside with the rest), then `restore` runs, again after a fresh sign-in when the
 * server asks for one; `onRestored` takes the answer (the restored version is the draft now).
 */
export function useVersionRestore<Answer>({
  flush,
  restore,
  onRestored,
}: {
  flush: () => Promise<boolean>;
  restore: (number: number, callbacks: RestoreCallbacks<Answer>) => void;
  onRestored: (answer: Answer) => void;
}) {
  const { t } = useTranslation('studio');
  const reauthentication = useReauthenticationPrompt();
  const [restored, setRestored] = useState<{ from: number; answer: Answer }>();
  const [failure, setFailure] = useState<string>();

  const restoreVersion = async (number: number) => {
    setRestored(undefined);
    setFailure(undefined);
    if (!(await flush())) {
      setFailure(t('save.retrying'));
      return;
    }
    restore(number, {
      onSuccess: (answer) => {
        onRestored(answer);
        setRestored({ from: number, answer });
      },
      onError: (error) => reauthentication.onError(error, () => restoreVersion(number)),
    });
  };

  const prompt = reauthentication.pending ? (
    <Reauthenticate onConfirmed={reauthentication.confirmed} onCancel={reauthentication.cancel} />
  ) : null;
  return { restoreVersion, restored, failure, reauthentication, prompt };
}

/** The password (and second factor, when on) again, before a change that needs a recent sign-in. */
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
