import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RecoveryCodes, useConfirmSecondFactor } from '../api/confirm-second-factor.js';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.js';
import { useSetUpSecondFactor } from '../api/set-up-second-factor.js';
import { useTurnOffSecondFactor } from '../api/turn-off-second-factor.js';
import { ErrorMessage } from '../components/error-message.js';
import { type ReauthenticationPrompt, shownError } from './reauthentication.js';
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

  return (
    <section className={styles.section} aria-labelledby="owner-second-factor-title">
      <h3 id="owner-second-factor-title">{t('security.second_factor_title')}</h3>
      <p className={styles.muted}>
        {enabled ? t('security.second_factor_on', { count: recoveryCodesLeft }) : t('security.second_factor_off')}
      </p>
      {codes && (
        <section className={styles.section} aria-labelledby="owner-recovery-title">
          <h4 id="owner-recovery-title">{t('security.recovery_title')}</h4>
          <p className={styles.muted}>{t('security.recovery_intro')}</p>
          <ul className={styles.codes} aria-labelledby="owner-recovery-title">
            {codes.map((recoveryCode) => (
              <li key={recoveryCode}>{recoveryCode}</li>
            ))}
          </ul>
          <div className={styles.actions}>
            <button type="button" className={styles.button} onClick={() => setCodes(undefined)}>
              {t('security.recovery_saved')}
            </button>
          </div>
        </section>
      )}
      {!enabled && setup && (
        <form className={styles.form} onSubmit={onConfirm} noValidate>
          <p>{t('security.scan')}</p>
          <div
            className={styles.qrCode}
            role="img"
            aria-label={t('security.qr_label')}
            // The SVG is drawn by our own server from the otpauth address (rectangles only).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: markup made by the site's server, no visitor text in it
            dangerouslySetInnerHTML={{ __html: setup.qrCode }}
          />
          <p>
            {t('security.secret')}: <code className={styles.secret}>{setup.secret}</code>
          </p>
          <label className={styles.field}>
            <span>{t('security.confirm_code')}</span>
            <input
              className={styles.input}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </label>
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={confirm.isPending}>
              {t('security.confirm')}
            </button>
          </div>
        </form>
      )}
      <ErrorMessage error={error} />
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
