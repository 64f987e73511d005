import '../../../shared/lib/zod-without-eval.js';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OWNER_PATHS } from '../../../../shared/paths.js';
import { ownerSetupBodySchema } from '../../../../shared/schemas/owner-setup.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { PasswordField } from '../components/field.js';
import { AuthCard, AuthForm } from '../sign-in/auth-card.js';
import styles from './owner-setup.module.css';
import { passwordStrength } from './password-strength.js';
import { useSetUpPassword } from './set-up-password.js';

/** The token of the address's fragment (`#token=…`), which no server, log or Referer ever sees. */
function tokenOfAddress(): string {
  if (typeof window === 'undefined') return '';
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/**
 * The set-up link's page (/owner/setup#token=…), while no password exists: the new password twice,
 * with its strength, then the owner is signed in and the owner area takes over (docs/decisions/031).
 * A link that cannot work (cut short, used, expired, replaced by a later start) says how to get a
 * new one; once a password exists (`passwordExists`) it leads to the sign-in instead.
 */
export function OwnerSetup({ passwordExists }: { passwordExists: boolean }) {
  const { t } = useTranslation('owner');
  const setUp = useSetUpPassword();
  const [token] = useState(tokenOfAddress);
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  // What the last try to send showed wrong, before anything was sent.
  const [problem, setProblem] = useState<'short' | 'mismatch'>();
  const strengthId = useId();
  const strength = passwordStrength(password);
  const code = setUp.error instanceof ApiError ? setUp.error.code : undefined;

  function onSubmit() {
    if (setUp.isPending) return;
    const found =
      strength === 'empty' || strength === 'short' ? 'short' : password !== repeated ? 'mismatch' : undefined;
    setProblem(found);
    if (!found) setUp.mutate({ token, password });
  }

  if (passwordExists || code === 'owner_password_set') {
    return (
      <AuthCard titleId="owner-first-run-title" title={t('first_run.exists_title')} intro={t('first_run.exists_text')}>
        <Link to={OWNER_PATHS.inbox} className={styles.submit} reloadDocument>
          {t('first_run.to_sign_in')}
        </Link>
      </AuthCard>
    );
  }

  if (!ownerSetupBodySchema.shape.token.safeParse(token).success || code === 'invalid_setup_link') {
    return (
      <AuthCard
        titleId="owner-first-run-title"
        title={t('first_run.invalid_title')}
        intro={t('first_run.invalid_text')}
      >
        <pre className={styles.command}>
          <code>npm run owner:password</code>
        </pre>
      </AuthCard>
    );
  }

  return (
    <AuthCard titleId="owner-first-run-title" title={t('first_run.title')} intro={t('first_run.intro')}>
      <AuthForm
        onSubmit={onSubmit}
        error={
          code === 'rate_limited' ? t('first_run.rate_limited') : code === 'validation_failed' ? undefined : setUp.error
        }
        submitLabel={setUp.isPending ? t('first_run.submitting') : t('first_run.submit')}
        pending={setUp.isPending}
      >
        <PasswordField
          kind="new"
          label={t('first_run.password')}
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setProblem(undefined);
          }}
          error={problem === 'short' || code === 'validation_failed' ? t('first_run.strength_short') : undefined}
        />
        <div className={`${styles.strength} ${strength === 'empty' ? '' : styles[strength]}`}>
          <div className={styles.bar} aria-hidden="true">
            <span className={styles.segment} />
            <span className={styles.segment} />
            <span className={styles.segment} />
          </div>
          <p id={strengthId} className={styles.strengthText} aria-live="polite">
            {t(`first_run.strength_${strength}`)}
          </p>
        </div>
        <PasswordField
          kind="new"
          label={t('first_run.repeat')}
          required
          value={repeated}
          onChange={(event) => {
            setRepeated(event.target.value);
            setProblem(undefined);
          }}
          error={problem === 'mismatch' ? t('first_run.mismatch') : undefined}
        />
      </AuthForm>
    </AuthCard>
  );
}
