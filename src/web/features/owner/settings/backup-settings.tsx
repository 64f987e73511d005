import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberWords } from '../../../../shared/number-words.js';
import { BACKUP_FREQUENCIES, type BackupFrequency } from '../../../../shared/schemas/backups.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { useLocale } from '../../../shared/lib/use-locale.js';
import { useDownloadBackup } from '../api/download-backup.js';
import { downloadFile } from '../api/fetch-file.js';
import { useBackups } from '../api/get-backups.js';
import { useSecurity } from '../api/get-security.js';
import { useUpdateBackupSchedule } from '../api/update-backup-schedule.js';
import { ErrorMessage } from '../components/error-message.js';
import { Field } from '../components/field.js';
import { useDateFormat } from '../components/use-date-format.js';
import styles from './backup-settings.module.css';
import { RadioChoices } from './radio-choices.js';
import { shownError, useReauthenticationPrompt } from './reauthentication.js';
import { ReauthenticationForm } from './reauthentication-form.js';
import { SaveActions, SaveOutcome, SettingsCard } from './settings-card.js';
import card from './settings-card.module.css';

/** The field errors the keep field has words for; any other is "a whole number from 1 to 90". */
const KEEP_ERRORS = new Set(['required', 'too_small', 'too_big']);

/** A file's size in the owner's language: bytes, kB or MB, one decimal at most. */
function useSizeFormat(): (bytes: number) => string {
  const locale = useLocale();
  return useMemo(() => {
    const format = (unit: 'byte' | 'kilobyte' | 'megabyte') =>
      numberWords(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
    const [bytes, kilobytes, megabytes] = [format('byte'), format('kilobyte'), format('megabyte')];
    return (size: number) =>
      size < 1000 ? bytes(size) : size < 1_000_000 ? kilobytes(size / 1000) : megabytes(size / 1_000_000);
  }, [locale]);
}

/**
 * Backups (issue 28, docs/decisions/036-backups.md): the last scheduled backup (or its failure), the
 * schedule, and a download of a copy made now after a recent proof of identity. On PostgreSQL it
 * says that the database server's own tools back the site up.
 */
export function BackupSettings() {
  const { t } = useTranslation('owner');
  const formatDate = useDateFormat();
  const formatSize = useSizeFormat();
  const { data: backups, error: loadError } = useBackups();
  const security = useSecurity();
  const update = useUpdateBackupSchedule();
  const download = useDownloadBackup();
  const reauthentication = useReauthenticationPrompt();
  const [typed, setTyped] = useState<{ frequency?: BackupFrequency; keep?: string }>({});

  const frequency = typed.frequency ?? backups?.schedule.frequency ?? 'daily';
  const keep = typed.keep ?? String(backups?.schedule.keep ?? 7);
  const change = (changes: typeof typed) => {
    setTyped((current) => ({ ...current, ...changes }));
    update.reset();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    // An empty or unreadable number goes as it is, so the server names what is wrong with it.
    const count = keep.trim() === '' ? Number.NaN : Number(keep);
    update.mutate({ frequency, keep: count }, { onSuccess: () => setTyped({}) });
  };
  const runDownload = () => {
    download.mutate(undefined, {
      onSuccess: ({ file, fileName }) => downloadFile(file, fileName),
      // A copy of everything asks for a recent proof of who is asking; the download runs again after it.
      onError: (error) => reauthentication.onError(error, runDownload),
    });
  };

  const keepCode =
    update.error instanceof ApiError
      ? update.error.fieldErrors.find((error) => error.field === 'keep')?.code
      : undefined;
  const keepError = keepCode
    ? t(`settings.backups.errors.${KEEP_ERRORS.has(keepCode) ? (keepCode as 'required') : 'invalid'}`)
    : undefined;

  return (
    <SettingsCard titleId="owner-backups-title" title={t('settings.backups.title')} intro={t('settings.backups.intro')}>
      <ErrorMessage error={loadError} />
      {backups && !backups.available && <p className={card.notice}>{t('settings.backups.postgres')}</p>}
      {backups?.available && (
        <>
          <div className={styles.state}>
            <p>
              {backups.last
                ? t('settings.backups.last', {
                    time: formatDate(backups.last.at),
                    size: formatSize(backups.last.bytes),
                  })
                : t('settings.backups.none')}
            </p>
            {backups.kept > 0 && (
              <p className={`${card.muted} ${styles.folder}`}>
                {t('settings.backups.kept', { count: backups.kept, folder: backups.folder ?? '' })}
              </p>
            )}
            {backups.failure && (
              <p className={card.notice}>
                {t('settings.backups.failed', {
                  time: formatDate(backups.failure.at),
                  reason: t(`settings.backups.problems.${backups.failure.problem}`),
                })}
              </p>
            )}
          </div>
          <form className={card.form} onSubmit={onSubmit} noValidate>
            <RadioChoices
              legend={t('settings.backups.frequency')}
              name="backup-frequency"
              choices={BACKUP_FREQUENCIES}
              value={frequency}
              onChange={(choice) => change({ frequency: choice })}
              label={(choice) => t(`settings.backups.frequency_${choice}`)}
            />
            <Field
              label={t('settings.backups.keep')}
              hint={t('settings.backups.keep_hint')}
              name="backups-kept"
              inputMode="numeric"
              autoComplete="off"
              value={keep}
              onChange={(event) => change({ keep: event.target.value })}
              error={keepError}
            />
            <SaveActions
              pending={update.isPending}
              label={t('settings.backups.save')}
              pendingLabel={t('settings.backups.saving')}
            />
            <SaveOutcome
              error={update.error}
              fieldsWrong={keepError && t('settings.backups.fix_fields')}
              status={update.isSuccess ? t('settings.backups.saved') : ''}
            />
          </form>
          <div className={styles.download}>
            <p className={card.muted}>{t('settings.backups.download_hint')}</p>
            <div className={card.actions}>
              <button type="button" className={card.secondary} onClick={runDownload} disabled={download.isPending}>
                {download.isPending ? t('settings.backups.downloading') : t('settings.backups.download')}
              </button>
            </div>
            {reauthentication.pending && (
              <ReauthenticationForm
                secondFactor={security.data?.secondFactor.enabled ?? false}
                onConfirmed={reauthentication.confirmed}
                onCancel={reauthentication.cancel}
              />
            )}
            <ErrorMessage error={shownError(download.error)} />
            <p role="status" className={card.muted}>
              {download.isSuccess ? t('settings.backups.downloaded', { name: download.data.fileName }) : ''}
            </p>
            <p className={card.muted}>{t('settings.backups.restore')}</p>
          </div>
        </>
      )}
    </SettingsCard>
  );
}
