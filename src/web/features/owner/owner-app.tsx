import { ArrowLeft, LogOut } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Route, Routes } from 'react-router';
import { documentTitle } from '../../../shared/pages.js';
import { APP_PATHS, OWNER_PATHS } from '../../../shared/paths.js';
import { addOwnerTranslations } from '../../i18n/owner-i18n.js';
import { ApiError } from '../../shared/api/api-client.js';
import { useOwner } from '../../shared/lib/use-owner.js';
import { LanguageDropdown } from '../language/language-dropdown.js';
import { ThemeToggle } from '../theme/theme-toggle.js';
import { Inbox } from './inbox.js';
import { MessageView } from './message-view.js';
import styles from './owner.module.css';
import { getSession, signOut } from './owner-api.js';
import { OwnerSessionContext } from './owner-session.js';
import { Settings } from './settings.js';
import { SetupNeeded, SignIn } from './sign-in.js';

addOwnerTranslations();

// The dashboard is the owner area's largest part: its own chunk, downloaded when first opened.
const StatsDashboard = lazy(() =>
  import('./stats/stats-dashboard.js').then((module) => ({ default: module.StatsDashboard })),
);

type Status = 'checking' | 'setup' | 'signed-out' | 'signed-in';

/**
 * The owner area at /owner, loaded only when visited (a visitor never downloads it). Until a
 * password is set it explains how to set one; signed out it shows only the sign-in.
 */
export function OwnerApp() {
  const { t } = useTranslation('owner');
  const owner = useOwner();
  const [status, setStatus] = useState<Status>('checking');
  const [notice, setNotice] = useState<string | undefined>();

  const check = useCallback(async () => {
    try {
      await getSession();
      setStatus('signed-in');
    } catch (error) {
      setStatus(error instanceof ApiError && error.code === 'owner_password_not_set' ? 'setup' : 'signed-out');
    }
  }, []);

  useEffect(() => {
    void check();
  }, [check]);

  useEffect(() => {
    document.title = documentTitle(owner.fullName, t('title'));
  }, [t, owner.fullName]);

  const session = useMemo(
    () => ({
      onSignedOut: (reason?: 'unauthorized') => {
        setNotice(reason === 'unauthorized' ? t('errors.unauthorized') : undefined);
        setStatus('signed-out');
      },
    }),
    [t],
  );

  async function onSignOut() {
    await signOut().catch(() => undefined);
    session.onSignedOut();
  }

  return (
    <OwnerSessionContext.Provider value={session}>
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
              <NavLink to={OWNER_PATHS.settings} className={styles.navLink}>
                {t('nav.settings')}
              </NavLink>
            </nav>
          )}
          <div className={styles.tools}>
            <LanguageDropdown />
            <ThemeToggle />
            {status === 'signed-in' && (
              <button type="button" className={styles.secondary} onClick={() => void onSignOut()}>
                <LogOut aria-hidden="true" size={18} />
                {t('nav.sign_out')}
              </button>
            )}
          </div>
        </header>
        <main id="main" className={styles.main}>
          {status === 'checking' && <p className={styles.muted}>{t('loading')}</p>}
          {status === 'setup' && <SetupNeeded />}
          {status === 'signed-out' && (
            <SignIn
              notice={notice}
              onSignedIn={() => {
                setNotice(undefined);
                setStatus('signed-in');
              }}
            />
          )}
          {status === 'signed-in' && (
            <Routes>
              <Route index element={<Inbox />} />
              <Route path="messages/:id" element={<MessageView />} />
              <Route
                path="stats"
                element={
                  <Suspense fallback={<p className={styles.muted}>{t('loading')}</p>}>
                    <StatsDashboard />
                  </Suspense>
                }
              />
              <Route path="settings" element={<Settings />} />
              <Route path="*" element={<Inbox />} />
            </Routes>
          )}
        </main>
      </div>
    </OwnerSessionContext.Provider>
  );
}
