import { Check, Copy, Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARED_STATS_PATH } from '../../../../shared/paths.js';
import {
  SHARE_EXPIRY_DAYS,
  SHARE_NAME_MAX,
  SHARE_PASSWORD_MAX_LENGTH,
  SHARE_PASSWORD_MIN_LENGTH,
  type StatsShare,
} from '../../../../shared/schemas/stats-shares.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { useCreateStatsShare } from '../api/create-stats-share.js';
import { useStatsShares } from '../api/get-stats-shares.js';
import { useRevokeStatsShare } from '../api/revoke-stats-share.js';
import { useConfirm } from '../components/confirm-dialog.js';
import { ErrorMessage } from '../components/error-message.js';
import { Field, SelectField } from '../components/field.js';
import { useDateFormat } from '../components/use-date-format.js';
import styles from './settings.module.css';
import card from './settings-card.module.css';
import own from './shared-links-setting.module.css';

type FieldName = 'name' | 'password';

/** The words for a field the server refused, from its code; undefined for any other failure. */
function fieldError(error: unknown, field: FieldName): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = error.fieldErrors.find((fieldError) => fieldError.field === field)?.code;
  if (!code) return undefined;
  return `shares.errors.${field}_${code === 'too_long' ? 'too_long' : code === 'too_short' ? 'too_short' : 'required'}`;
}

/**
 * Shared links to the statistics (issue 30, item 5; decision 043): read-only links for someone without
 * a sign-in, each with a name, an end date and optionally a password. A new link is shown once, as the
 * server keeps only its hash; each can be revoked, and then answers "does not work".
 */
export function SharedLinksSetting() {
  const { t } = useTranslation('owner');
  const formatDate = useDateFormat();
  const { data, error } = useStatsShares();
  const create = useCreateStatsShare();
  const revoke = useRevokeStatsShare();
  const [confirmDialog, confirm] = useConfirm();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('30');
  const [password, setPassword] = useState('');
  const [made, setMade] = useState<{ url: string; name: string } | undefined>();
  const [copied, setCopied] = useState(false);

  const submit = () => {
    setMade(undefined);
    setCopied(false);
    create.mutate(
      {
        name,
        expiresInDays: expiry === 'never' ? null : (Number(expiry) as (typeof SHARE_EXPIRY_DAYS)[number]),
        ...(password ? { password } : {}),
      },
      {
        onSuccess: ({ share, token }) => {
          setMade({ url: `${window.location.origin}${SHARED_STATS_PATH}/${token}`, name: share.name });
          setName('');
          setPassword('');
        },
      },
    );
  };

  const askRevoke = async (share: StatsShare) => {
    const yes = await confirm({
      title: t('shares.revoke_title', { name: share.name }),
      message: t('shares.revoke_message'),
      confirmLabel: t('shares.revoke'),
      destructive: true,
    });
    if (yes) revoke.mutate(share.id);
  };

  const nameError = fieldError(create.error, 'name');
  const passwordError = fieldError(create.error, 'password');
  const shares = data?.shares ?? [];

  return (
    <section className={card.card} aria-labelledby="owner-shares-title">
      <h2 id="owner-shares-title">{t('shares.title')}</h2>
      <p className={card.muted}>{t('shares.intro')}</p>
      <form
        className={card.form}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field
          label={t('shares.name_label')}
          hint={t('shares.name_hint')}
          name="share-name"
          autoComplete="off"
          required
          maxLength={SHARE_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameError ? t(nameError as 'shares.errors.name_required') : undefined}
        />
        <SelectField
          label={t('shares.expiry_label')}
          name="share-expiry"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
        >
          {SHARE_EXPIRY_DAYS.map((days) => (
            <option key={days} value={String(days)}>
              {t(`shares.expiry_days.${days}`)}
            </option>
          ))}
          <option value="never">{t('shares.expiry_never')}</option>
        </SelectField>
        <Field
          label={t('shares.password_label')}
          hint={t('shares.password_hint', { min: SHARE_PASSWORD_MIN_LENGTH })}
          type="password"
          name="share-password"
          autoComplete="new-password"
          minLength={SHARE_PASSWORD_MIN_LENGTH}
          maxLength={SHARE_PASSWORD_MAX_LENGTH}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={
            passwordError
              ? t(passwordError as 'shares.errors.password_too_short', { min: SHARE_PASSWORD_MIN_LENGTH })
              : undefined
          }
        />
        <div className={card.actions}>
          <button type="submit" className={card.primary} disabled={create.isPending}>
            {t('shares.create')}
          </button>
        </div>
        {!nameError && !passwordError && <ErrorMessage error={create.error} />}
      </form>

      {made && (
        <div className={own.made} role="status">
          <p className={own.madeText}>{t('shares.made', { name: made.name })}</p>
          <label className={own.linkLabel} htmlFor="owner-share-link">
            {t('shares.link_label')}
          </label>
          <div className={own.linkRow}>
            <input
              id="owner-share-link"
              className={own.link}
              readOnly
              value={made.url}
              onFocus={(event) => event.target.select()}
            />
            <button
              type="button"
              className={card.secondary}
              onClick={() => {
                void navigator.clipboard
                  ?.writeText(made.url)
                  .then(() => setCopied(true))
                  .catch(() => undefined);
              }}
            >
              {copied ? <Check aria-hidden="true" size={18} /> : <Copy aria-hidden="true" size={18} />}
              {copied ? t('shares.copied') : t('shares.copy')}
            </button>
          </div>
        </div>
      )}

      <h3 className={own.listTitle}>{t('shares.list_title')}</h3>
      {data && shares.length === 0 && <p className={card.muted}>{t('shares.none')}</p>}
      {shares.length > 0 && (
        <ul className={styles.rows} aria-label={t('shares.list_title')}>
          {shares.map((share) => (
            <li key={share.id} className={`${styles.row} ${styles.sessionRow}`}>
              <span className={styles.text}>
                <strong className={styles.rowTitle}>
                  {share.name}
                  {share.hasPassword && (
                    <span className={styles.badge}>
                      <Lock aria-hidden="true" size={14} /> {t('shares.has_password')}
                    </span>
                  )}
                  {share.expired && <span className={styles.badge}>{t('shares.expired')}</span>}
                </strong>
                <span className={styles.muted}>
                  {t('shares.created_at', { date: formatDate(share.createdAt) })},{' '}
                  {share.expiresAt
                    ? t(share.expired ? 'shares.expired_at' : 'shares.expires_at', {
                        date: formatDate(share.expiresAt),
                      })
                    : t('shares.never_expires')}
                  ,{' '}
                  {share.lastViewedAt
                    ? t('shares.last_viewed', { date: formatDate(share.lastViewedAt) })
                    : t('shares.never_viewed')}
                </span>
              </span>
              <button
                type="button"
                className={styles.button}
                onClick={() => void askRevoke(share)}
                aria-label={t('shares.revoke_named', { name: share.name })}
              >
                {t('shares.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ErrorMessage error={revoke.error ?? error} />
      {confirmDialog}
    </section>
  );
}
