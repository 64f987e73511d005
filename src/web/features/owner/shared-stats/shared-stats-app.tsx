import '../../../shared/lib/zod-without-eval.js';
import { QueryCache, QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { ArrowLeft, Lock } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { documentTitle } from '../../../../shared/pages.js';
import { APP_PATHS } from '../../../../shared/paths.js';
import { addOwnerTranslations } from '../../../i18n/owner-i18n.js';
import { ApiError } from '../../../shared/api/api-client.js';
import { useOwner } from '../../../shared/lib/use-owner.js';
import { LanguageDropdown } from '../../language/language-dropdown.js';
import { ThemeToggle } from '../../theme/theme-toggle.js';
import { StatsSourceContext } from '../api/stats-source.js';
import { ErrorMessage } from '../components/error-message.js';
import { Field } from '../components/field.js';
import shell from '../owner-app.module.css';
import { StatsDashboard } from '../stats/stats-dashboard.js';
import styles from './shared-stats-app.module.css';
import { sharedStatsSource, unlockSharedStats } from './shared-stats-source.js';

addOwnerTranslations();

type Access = 'open' | 'locked' | 'gone';

/**
 * A shared link's page at /shared/<token> (decision 043): the owner's statistics dashboard, read-only,
 * from the link's own API. No owner navigation, no inbox, nothing from messages; the reader picks the
 * language and theme. Loaded only when such a link is opened, so visitors never download it.
 */
export function SharedStatsApp() {
  const [access, setAccess] = useState<Access>('open');
  // One cache per page; a link that asks for its password, or no longer works, says so once.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({
          onError: (error) => {
            if (!(error instanceof ApiError)) return;
            if (error.code === 'share_password_required') setAccess('locked');
            else if (error.status === 404) setAccess('gone');
          },
        }),
        defaultOptions: { queries: { retry: false } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SharedStatsPage
        access={access}
        onUnlocked={() => {
          queryClient.removeQueries();
          setAccess('open');
        }}
      />
    </QueryClientProvider>
  );
}

function SharedStatsPage({ access, onUnlocked }: { access: Access; onUnlocked: () => void }) {
  const { t } = useTranslation('owner');
  const owner = useOwner();
  const { token = '' } = useParams();
  const source = useMemo(() => sharedStatsSource(token), [token]);

  useEffect(() => {
    document.title = documentTitle(owner.fullName, t('shared.title'));
  }, [t, owner.fullName]);

  return (
    <div className={shell.shell}>
      <header className={shell.header}>
        <a href={APP_PATHS.index} className={shell.brand}>
          <ArrowLeft aria-hidden="true" size={18} />
          <span>{owner.fullName || t('shared.to_site')}</span>
        </a>
        <div className={shell.tools}>
          <LanguageDropdown />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className={shell.main}>
        {access === 'open' && (
          <>
            <p className={styles.note}>{t('shared.note')}</p>
            <StatsSourceContext value={source}>
              <StatsDashboard />
            </StatsSourceContext>
          </>
        )}
        {access === 'locked' && <PasswordForm token={token} onUnlocked={onUnlocked} />}
        {access === 'gone' && (
          <section className={styles.panel} aria-labelledby="shared-gone-title">
            <h1 id="shared-gone-title">{t('shared.gone_title')}</h1>
            <p>{t('shared.gone_text')}</p>
            <a href={APP_PATHS.index} className={styles.primary}>
              {t('shared.to_site')}
            </a>
          </section>
        )}
      </main>
    </div>
  );
}

function PasswordForm({ token, onUnlocked }: { token: string; onUnlocked: () => void }) {
  const { t } = useTranslation('owner');
  const [password, setPassword] = useState('');
  const unlock = useMutation({ mutationFn: () => unlockSharedStats(token, password), onSuccess: onUnlocked });
  return (
    <section className={styles.panel} aria-labelledby="shared-password-title">
      <h1 id="shared-password-title" className={styles.lockTitle}>
        <Lock aria-hidden="true" size={22} />
        {t('shared.password_title')}
      </h1>
      <p>{t('shared.password_intro')}</p>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (password) unlock.mutate();
        }}
      >
        <Field
          label={t('shared.password_label')}
          type="password"
          name="password"
          autoComplete="off"
          required
          maxLength={200}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className={styles.primary} disabled={unlock.isPending}>
          {t('shared.open')}
        </button>
        <ErrorMessage error={unlock.error} />
      </form>
    </section>
  );
}
