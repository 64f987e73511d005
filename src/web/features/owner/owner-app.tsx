import '../../shared/lib/zod-without-eval.js';
import { QueryClientProvider } from '@tanstack/react-query';
import { ArrowLeft, LogOut } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { documentTitle } from '../../../shared/pages.js';
import { APP_PATHS, OWNER_PATHS } from '../../../shared/paths.js';
import { addOwnerTranslations } from '../../i18n/owner-i18n.js';
import { useLocale } from '../../shared/lib/use-locale.js';
import { useOwner } from '../../shared/lib/use-owner.js';
import { LanguageDropdown } from '../language/language-dropdown.js';
import { ThemeToggle } from '../theme/theme-toggle.js';
import { useSessionStatus } from './api/get-session.js';
import { createOwnerQueryClient } from './api/owner-query-client.js';
import { useReportInterfaceLanguage } from './api/report-interface-language.js';
import { useSignOut } from './api/sign-out.js';
import { SiteAddressBanner } from './components/site-address-banner.js';
import { Inbox } from './inbox/inbox.js';
import { MessageView } from './message/message-view.js';
import styles from './owner-app.module.css';
import { Settings } from './settings/settings.js';
import { SetupNeeded } from './sign-in/setup-needed.js';
import { SignIn } from './sign-in/sign-in.js';

addOwnerTranslations();

// The dashboard is the owner area's largest part: its own chunk, downloaded when first opened.
const StatsDashboard = lazy(() =>
  import('./stats/stats-dashboard.js').then((module) => ({ default: module.StatsDashboard })),
);

// The content studio (forms, autosave, preview, history) is larger still: a chunk of its own too.
const SiteStudio = lazy(() => import('./site/site-studio.js').then((module) => ({ default: module.SiteStudio })));

// The set-up link's page is opened once in the site's life: its own small chunk.
const OwnerSetup = lazy(() => import('./setup/owner-setup.js').then((module) => ({ default: module.OwnerSetup })));

/** A page in a chunk of its own: "Loading…" until the chunk has arrived. */
function LoadingChunk({ children }: { children: ReactNode }) {
  const { t } = useTranslation('owner');
  return <Suspense fallback={<p className={styles.loading}>{t('loading')}</p>}>{children}</Suspense>;
}

/**
 * The owner area at /owner, loaded only when visited (a visitor never downloads it). Until a
 * password is set it explains how to set one; signed out it shows only the sign-in.
 */
export function OwnerApp() {
  // One cache per visit of the owner area, made with it (so it loads only with the owner's chunk).
  const [queryClient] = useState(createOwnerQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <OwnerArea />
    </QueryClientProvider>
  );
}

function OwnerArea() {
  const { t } = useTranslation('owner');
  const owner = useOwner();
  const session = useSessionStatus();
  const signOut = useSignOut();
  const status = session.data?.status ?? 'checking';
  const atSetup = useLocation().pathname === OWNER_PATHS.setup;
  // Notices follow the owner area's language unless another is chosen: the server hears of it (decision 037).
  useReportInterfaceLanguage(status === 'signed-in', useLocale());

  useEffect(() => {
    document.title = documentTitle(owner.fullName, t('title'));
  }, [t, owner.fullName]);

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link to={APP_PATHS.index} className={styles.brand} reloadDocument>
          <ArrowLeft aria-hidden="true" size={18} />
          <span>{t('back_to_site')}</span>
        </Link>
        {status === 'signed-in' && (
          <nav aria-label={t('nav.label')} className={styles.nav}>
            <NavLink to={OWNER_PATHS.inbox} end className={styles.navLink}>
              {t('nav.inbox')}
            </NavLink>
            <NavLink to={OWNER_PATHS.stats} className={styles.navLink}>
              {t('nav.stats')}
            </NavLink>
            <NavLink to={OWNER_PATHS.site} className={styles.navLink}>
              {t('nav.site')}
            </NavLink>
            <NavLink to={OWNER_PATHS.settings} className={styles.navLink}>
              {t('nav.settings')}
            </NavLink>
          </nav>
        )}
        <div className={styles.tools}>
          <LanguageDropdown />
          <ThemeToggle />
          {status === 'signed-in' && (
            <button type="button" className={styles.signOut} onClick={() => signOut.mutate()}>
              <LogOut aria-hidden="true" size={18} />
              {t('nav.sign_out')}
            </button>
          )}
        </div>
      </header>
      <main id="main" className={styles.main}>
        {status === 'checking' && <p className={styles.loading}>{t('loading')}</p>}
        {status === 'setup' && !atSetup && <SetupNeeded />}
        {atSetup && (status === 'setup' || status === 'signed-out') && (
          <LoadingChunk>
            <OwnerSetup passwordExists={status === 'signed-out'} />
          </LoadingChunk>
        )}
        {/* Signed in with the set-up link (or opening it again): the owner's home. */}
        {atSetup && status === 'signed-in' && <Navigate to={OWNER_PATHS.inbox} replace />}
        {status === 'signed-out' && !atSetup && (
          <SignIn
            notice={
              session.data?.status === 'signed-out' && session.data.expired ? t('errors.unauthorized') : undefined
            }
          />
        )}
        {status === 'signed-in' && !atSetup && <SiteAddressBanner />}
        {status === 'signed-in' && !atSetup && (
          <Routes>
            <Route index element={<Inbox />} />
            <Route path="messages/:id" element={<MessageView />} />
            <Route
              path="stats"
              element={
                <LoadingChunk>
                  <StatsDashboard />
                </LoadingChunk>
              }
            />
            <Route
              path="site/*"
              element={
                <LoadingChunk>
                  <SiteStudio />
                </LoadingChunk>
              }
            />
            <Route path="settings" element={<Settings />} />
            <Route path="*" element={<Inbox />} />
          </Routes>
        )}
      </main>
    </div>
  );
}
