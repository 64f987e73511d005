import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { documentTitle } from '../../shared/pages.js';
import { CursorFollower } from '../features/cursor/cursor-follower.js';
import { Footer } from '../features/footer/footer.js';
import { Header } from '../features/header/header.js';
import { hideLoader } from '../features/loader/loader-store.js';
import { LoadingOverlay } from '../features/loader/loading-overlay.js';
import { menuStore } from '../features/menu/menu-store.js';
import { initialTheme, themeStore } from '../features/theme/theme.js';
import { entryPageTitle, isEntryNotFound } from '../shared/api/entry-data.js';
import { useStore } from '../shared/lib/create-store.js';
import { useLocale } from '../shared/lib/use-locale.js';
import { useOwner } from '../shared/lib/use-owner.js';
import { useScrolledPast } from '../shared/lib/use-scrolled-past.js';
import styles from './layout.module.css';
import type { RouteHandle } from './navigation.js';

/** The page's entry in the page table and its loader's data. */
function useRouteHandle(): { handle: RouteHandle | undefined; data: unknown } {
  const match = useMatches().findLast((candidate) => candidate.handle);
  return { handle: match?.handle as RouteHandle | undefined, data: match?.data };
}

/** Spec §2 layout, top to bottom: loading overlay, cursor follower, header, routed page, footer. */
export function Layout() {
  const { t } = useTranslation();
  const locale = useLocale();
  const owner = useOwner();
  const { handle, data } = useRouteHandle();
  const location = useLocation();
  const navigation = useNavigation();
  const menuOpen = useStore(menuStore);
  const scrolled = useScrolledPast(100);
  const fixed = Boolean(handle?.hasSections) && scrolled;
  const firstRender = useRef(true);

  // A page rendered on the server shows the toggle for the stored theme, or as light when the page
  // follows the system: once hydrated, the toggle shows the theme really in force.
  useEffect(() => themeStore.set(initialTheme()), []);

  // The new page is in place: lift the overlay (again after every navigation).
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key marks each navigation
  useEffect(() => {
    if (navigation.state === 'idle') hideLoader();
  }, [navigation.state, location.key]);

  // Spec §2 "After each navigation": the title is the owner's name, a dash, then the route title; a
  // note's or a project's page is titled by the entry, one that does not exist as the 404 page.
  useEffect(() => {
    if (!handle) return;
    const pageTitle = isEntryNotFound(data)
      ? t('errors.404.title')
      : (entryPageTitle(handle.name, data) ?? t(handle.titleKey));
    document.title = documentTitle(owner.fullName, pageTitle);
  }, [handle, data, owner.fullName, t]);

  // Screen readers hear the new page: focus moves to its main heading (not on the first load, nor when
  // a link within the page, such as a note's table of contents, moved to one of its headings).
  const page = `${location.pathname}${location.search}`;
  const lastPage = useRef(page);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation
  useEffect(() => {
    const samePage = lastPage.current === page && location.hash !== '';
    lastPage.current = page;
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (samePage) return;
    document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
  }, [location.key]);

  // Spec §4 "Menu": opening it removes the classes `loaded` and `background` from the app element,
  // closing it puts them back. Styles read the menu's state from `data-menu-open`, not from these.
  const classes = [styles.app, 'app', locale, menuOpen ? '' : 'loaded background'].filter(Boolean).join(' ');
  return (
    <div className={classes} data-menu-open={menuOpen}>
      <LoadingOverlay />
      <CursorFollower />
      <Header fixed={fixed} />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer fixed={fixed} />
    </div>
  );
}
