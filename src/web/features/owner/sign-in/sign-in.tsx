import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { useRequestPasswordReset } from '../api/request-password-reset.js';
import { useSignIn } from '../api/sign-in.js';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey.js';
import { PasswordField } from '../components/field.js';
import { placeError } from '../components/field-errors.js';
import { AuthCard, AuthForm } from './auth-card.js';
import { CodePromptField } from './code-prompt-field.js';
import { PasswordReset } from './password-reset.js';
import styles from './sign-in.module.css';
import { useCodePrompt } from './use-code-prompt.js';

/**
 * What an anonymous visitor of /owner sees: the password (and, once the second factor is on, the
 * app's code, asked for when the password was right), a passkey, or a reset link. A reset link's
 * page (/owner/reset) is shown instead when that is the address. `notice` says why it is back.
 */
export function SignIn({ notice }: { notice?: string }) {
  const { pathname } = useLocation();
  if (pathname === OWNER_PATHS.reset) return <PasswordReset />;
  return <SignInForm notice={notice} />;
}

function SignInForm({ notice }: { notice?: string }) {
  const { t } = useTranslation('owner');
  const signIn = useSignIn();
  const signInWithPasskey = useSignInWithPasskey();
  const requestReset = useRequestPasswordReset();
  const [password, setPassword] = useState('');
  const codePrompt = useCodePrompt();
  // A reset request refused for the site's hourly ceiling says what the owner can do instead.
  const resetRefused = requestReset.error instanceof ApiError && requestReset.error.code === 'rate_limited';
  const failure =
    signIn.error ?? signInWithPasskey.error ?? (resetRefused ? t('sign_in.forgot_refused') : requestReset.error);
  const error = codePrompt.shown(failure) ?? (signIn.isIdle && signInWithPasskey.isIdle ? notice : undefined);
  const errors = placeError(error, { password: 'wrong_password', code: codePrompt.asked && 'wrong_code' });
  const busy = signIn.isPending || signInWithPasskey.isPending;

  function onSubmit() {
    if (busy || !password || (codePrompt.asked && !codePrompt.code.trim())) return;
    signIn.mutate({ password, ...codePrompt.body }, { onSuccess: () => setPassword(''), onError: codePrompt.failed });
  }

  return (
    <AuthCard titleId="owner-sign-in-title" title={t('sign_in.title')} intro={t('sign_in.intro')}>
      <AuthForm
        onSubmit={onSubmit}
        error={errors.form}
        submitLabel={signIn.isPending ? t('sign_in.submitting') : t('sign_in.submit')}
        pending={signIn.isPending}
        disabled={busy}
      >
        <PasswordField
          kind="current"
          label={t('sign_in.password')}
          autoComplete="current-password webauthn"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <CodePromptField
          prompt={codePrompt}
          hint={t('sign_in.code_hint')}
          // The field appears because the owner is asked for it now: it takes the focus.
          autoFocus
          error={errors.code}
        />
      </AuthForm>
      {typeof window !== 'undefined' && 'PublicKeyCredential' in window && (
        <>
          <p className={styles.divider}>{t('sign_in.or')}</p>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            aria-busy={signInWithPasskey.isPending}
            onClick={() => signInWithPasskey.mutate()}
          >
            {t('sign_in.passkey')}
          </button>
        </>
      )}
      <div className={styles.links}>
        <button
          type="button"
          className={styles.linkButton}
          disabled={requestReset.isPending}
          onClick={() => requestReset.mutate()}
        >
          {t('sign_in.forgot')}
        </button>
      </div>
      {requestReset.isSuccess && (
        <p role="status" className={styles.notice}>
          {t('sign_in.forgot_sent')}
        </p>
      )}
    </AuthCard>
  );
}
