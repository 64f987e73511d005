import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RecoveryCodes, useConfirmSecondFactor } from '../api/confirm-second-factor.js';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.js';
import { useSetUpSecondFactor } from '../api/set-up-second-factor.js';
import { useTurnOffSecondFactor } from '../api/turn-off-second-factor.js';
import { ErrorMessage } from '../components/error-message.js';
import { CodeField } from '../components/field.js';
import { placeError } from '../components/field-errors.js';
import { QrCode } from '../components/qr-code.js';
import { type ReauthenticationPrompt, shownError } from './reauthentication.js';
import { keyGroups, recoveryCodesFileName, recoveryCodesText } from './recovery-codes.js';
import styles from './security-settings.module.css';

/**
 * The authenticator app: turning it on (QR code and key, then a first code), its recovery codes
 * (shown once, right after they are made) and turning it off.
 */
export function SecondFactorSetting({
  enabled,
  recoveryCodesLeft,
  reauthentication,
}: {
  enabled: boolean;
  recoveryCodesLeft: number;
  reauthentication: ReauthenticationPrompt;
}) {
  const { t } = useTranslation('owner');
  const setUp = useSetUpSecondFactor();
  const confirm = useConfirmSecondFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const turnOff = useTurnOffSecondFactor();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<RecoveryCodes['recoveryCodes']>();
  const secretHintId = useId();

  const startSetup = () => setUp.mutate(undefined, { onError: (error) => reauthentication.onError(error, startSetup) });
  const newCodes = () =>
    regenerate.mutate(undefined, {
      onSuccess: (answer) => setCodes(answer.recoveryCodes),
      onError: (error) => reauthentication.onError(error, newCodes),
    });
  const off = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => setUp.reset(),
      onError: (error) => reauthentication.onError(error, off),
    });

  function onConfirm(event: FormEvent) {
    event.preventDefault();
    if (confirm.isPending || !code.trim()) return;
    const submit = () =>
      confirm.mutate(code.trim(), {
        onSuccess: (answer) => {
          setCodes(answer.recoveryCodes);
          setUp.reset();
          setCode('');
        },
        onError: (error) => reauthentication.onError(error, submit),
      });
    submit();
  }

  const error = shownError(setUp.error ?? confirm.error ?? regenerate.error ?? turnOff.error);
  const setup = setUp.data;
  const errors = placeError(error, { code: !enabled && !!setup && 'wrong_code' });

  return (
    <section className={styles.section} aria-labelledby="owner-second-factor-title">
      <h3 id="owner-second-factor-title">{t('security.second_factor_title')}</h3>
      <p className={styles.muted}>
        {enabled ? t('security.second_factor_on', { count: recoveryCodesLeft }) : t('security.second_factor_off')}
      </p>
      {codes && <RecoveryCodeList codes={codes} onSaved={() => setCodes(undefined)} />}
      {!enabled && setup && (
        <form className={styles.form} onSubmit={onConfirm} noValidate>
          <p>{t('security.scan')}</p>
          <QrCode svg={setup.qrCode} label={t('security.qr_label')} />
          <p>
            {t('security.secret')}: <GroupedKey secret={setup.secret} hintId={secretHintId} />
          </p>
          <p id={secretHintId} className={styles.muted}>
            {t('security.secret_hint')}
          </p>
          <CodeField
            label={t('security.confirm_code')}
            inputMode="numeric"
            pattern="[0-9]{6}"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={errors.code}
          />
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={confirm.isPending}>
              {t('security.confirm')}
            </button>
          </div>
        </form>
      )}
      <ErrorMessage error={errors.form} />
      <div className={styles.actions}>
        {!enabled && !setup && (
          <button type="button" className={styles.primary} disabled={setUp.isPending} onClick={startSetup}>
            {t('security.turn_on')}
          </button>
        )}
        {enabled && (
          <>
            <button type="button" className={styles.button} disabled={regenerate.isPending} onClick={newCodes}>
              {t('security.new_recovery_codes')}
            </button>
            <button type="button" className={styles.button} disabled={turnOff.isPending} onClick={off}>
              {t('security.turn_off')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}

/**
 * The key in groups of four, drawn apart by CSS only: copying it, or reading its text, gives the key
 * as the app wants it, without spaces.
 */
function GroupedKey({ secret, hintId }: { secret: string; hintId: string }) {
  return (
    <code className={styles.secret} aria-describedby={hintId}>
      {keyGroups(secret).map((group, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the key's groups in order; two may be the same
        <span key={index} className={styles.keyGroup}>
          {group}
        </span>
      ))}
    </code>
  );
}

/** The new recovery codes, shown once: copied or downloaded as a text file before the owner moves on. */
function RecoveryCodeList({ codes, onSaved }: { codes: readonly string[]; onSaved: () => void }) {
  const { t } = useTranslation('owner');
  const titleId = useId();
  const [copied, setCopied] = useState<'copied' | 'failed'>();
  const text = () => recoveryCodesText(t('security.recovery_file_title', { site: window.location.host }), codes);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text()], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = recoveryCodesFileName(window.location.host);
    link.click();
    // The browser has the file once the click is handled; the address is not needed after that.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h4 id={titleId}>{t('security.recovery_title')}</h4>
      <p className={styles.muted}>{t('security.recovery_intro')}</p>
      <ul className={styles.codes} aria-labelledby={titleId}>
        {codes.map((recoveryCode) => (
          <li key={recoveryCode}>{recoveryCode}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => void copy()}>
          {t('security.recovery_copy')}
        </button>
        <button type="button" className={styles.button} onClick={download}>
          {t('security.recovery_download')}
        </button>
        <button type="button" className={styles.primary} onClick={onSaved}>
          {t('security.recovery_saved')}
        </button>
      </div>
      <p role="status" className={styles.muted}>
        {copied === 'copied' && t('security.recovery_copied')}
        {copied === 'failed' && t('security.recovery_copy_failed')}
      </p>
    </section>
  );
}
