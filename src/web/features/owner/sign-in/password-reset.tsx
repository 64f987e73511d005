import '../../../shared/lib/zod-without-eval.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { passwordResetBodySchema } from '../../../../shared/schemas/owner.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { useResetPassword } from '../api/reset-password.js';
import { ErrorMessage } from '../components/error-message.js';
import { PasswordField } from '../components/field.js';
import { placeError } from '../components/field-errors.js';
import { AuthCard, AuthForm } from './auth-card.js';
import { CodePromptField } from './code-prompt-field.js';
import styles from './sign-in.module.css';
import { useCodePrompt } from './use-code-prompt.js';

/**
 * The page a reset link opens (/owner/reset#token): a new password, and the second factor's code
 * when it is on. The token is in the address's fragment, which no server or log ever sees. A link
 * cut short (a mail client wrapping it, a partial copy) says so at once, with the way to a new one,
 * instead of a form that could only fail.
 */
export function PasswordReset() {
  const { t } = useTranslation('owner');
  const reset = useResetPassword();
  const [token] = useState(() => (typeof window === 'undefined' ? '' : window.location.hash.slice(1)));
  const [password, setPassword] = useState('');
  const codePrompt = useCodePrompt();
  const linkBroken = !passwordResetBodySchema.shape.token.safeParse(token).success;
  const errors = placeError(codePrompt.shown(reset.error), {
    password: 'validation_failed',
    code: codePrompt.asked && 'wrong_code',
  });

  function onSubmit() {
    if (reset.isPending || !password) return;
    reset.mutate({ token, password, ...codePrompt.body }, { onError: codePrompt.failed });
  }

  if (linkBroken || (reset.error instanceof ApiError && reset.error.code === 'broken_reset_link')) {
    return (
      <AuthCard titleId="owner-reset-title" title={t('reset.title')}>
        <ErrorMessage error={t('errors.broken_reset_link')} />
        <Link to={OWNER_PATHS.inbox} className={styles.submit}>
          {t('reset.ask_again')}
        </Link>
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthCard titleId="owner-reset-title" title={t('reset.title')}>
        <p role="status" className={styles.notice}>
          {t('reset.done')}
        </p>
        <Link to={OWNER_PATHS.inbox} className={styles.submit}>
          {t('reset.to_sign_in')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard titleId="owner-reset-title" title={t('reset.title')} intro={t('reset.intro')}>
      <AuthForm onSubmit={onSubmit} error={errors.form} submitLabel={t('reset.submit')} pending={reset.isPending}>
        <PasswordField
          kind="new"
          label={t('reset.new_password')}
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <CodePromptField prompt={codePrompt} error={errors.code} />
      </AuthForm>
    </AuthCard>
  );
}
