import { useTranslation } from 'react-i18next';
import { useSecurity } from '../api/get-security.js';
import { ErrorMessage } from '../components/error-message.js';
import { ChangePasswordForm } from './change-password-form.js';
import { PasskeyList } from './passkey-list.js';
import { useReauthenticationPrompt } from './reauthentication.js';
import { ReauthenticationForm } from './reauthentication-form.js';
import { SecondFactorSetting } from './second-factor-setting.js';
import styles from './security-settings.module.css';

/**
 * Sign-in and security: the password, the second factor and passkeys. A change that needs a fresh
 * proof of identity opens the prompt, and runs once the owner has confirmed.
 */
export function SecuritySettings() {
  const { t } = useTranslation('owner');
  const security = useSecurity();
  const reauthentication = useReauthenticationPrompt();
  const secondFactor = security.data?.secondFactor ?? { enabled: false, recoveryCodesLeft: 0 };

  return (
    <section className={styles.card} aria-labelledby="owner-security-title">
      <div className={styles.section}>
        <h2 id="owner-security-title">{t('security.title')}</h2>
        <p className={styles.muted}>{t('security.intro')}</p>
        <ErrorMessage error={security.error} />
      </div>
      {reauthentication.pending && (
        <ReauthenticationForm
          secondFactor={secondFactor.enabled}
          onConfirmed={reauthentication.confirmed}
          onCancel={reauthentication.cancel}
        />
      )}
      <ChangePasswordForm secondFactor={secondFactor.enabled} />
      <SecondFactorSetting
        enabled={secondFactor.enabled}
        recoveryCodesLeft={secondFactor.recoveryCodesLeft}
        reauthentication={reauthentication}
      />
      <PasskeyList passkeys={security.data?.passkeys ?? []} reauthentication={reauthentication} />
    </section>
  );
}
