import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { PAGE_NAMES, PAGES } from '../../../shared/pages.js';
import { APP_PATHS } from '../../../shared/paths.js';
import { useStore } from '../../shared/lib/create-store.js';
import { siteNotesLocales } from '../../shared/lib/site-data.js';
import { useLocale } from '../../shared/lib/use-locale.js';
import { useOwner } from '../../shared/lib/use-owner.js';
import { LanguageDropdown } from '../language/language-dropdown.js';
import { menuStore } from '../menu/menu-store.js';
import { ThemeToggle } from '../theme/theme-toggle.js';
import styles from './header.module.css';

/** Spec §2: the menu's links, the pages marked `inMenu` in the page table, in its order. */
const MENU = PAGE_NAMES.filter((name) => PAGES[name].inMenu).map((name) => PAGES[name]);

/** With "Notes" after "Portfolio" (issue 27), in a language the owner has written a note in. */
const MENU_WITH_NOTES = MENU.flatMap((page) => (page === PAGES.portfolio ? [page, PAGES.notes] : [page]));

export function Header({ fixed }: { fixed: boolean }) {
  const { t } = useTranslation();
  const owner = useOwner();
  const locale = useLocale();
  const menuItems = siteNotesLocales().includes(locale) ? MENU_WITH_NOTES : MENU;
  const menuOpen = useStore(menuStore);
  const burger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);

  // An open menu closes with Escape and gives focus back to the burger.
  useEffect(() => {
    if (!menuOpen) return;
    menu.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      menuStore.set(false);
      burger.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className={styles.header} data-fixed={fixed}>
      <a className={styles.skipLink} href="#main">
        {t('others.skip_to_content')}
      </a>
      {/* The link's name is its text, not an aria-label: a label that leaves out the visible
          initials fails "label in name" (WCAG 2.5.3). The name on screen is hidden on phones. */}
      <Link to={APP_PATHS.index} className={styles.logo}>
        <span className={styles.logoMark} aria-hidden="true">
          {owner.firstName.charAt(0)}
          {owner.lastName.charAt(0)}
        </span>
        <span className={styles.logoText} aria-hidden="true">
          {owner.firstName} <strong>{owner.lastName}</strong>
        </span>
        <span className="visually-hidden">{t('others.logo_label', { name: owner.fullName })}</span>
      </Link>
      <nav ref={menu} id="main-menu" className={styles.menu} data-open={menuOpen} aria-label={t('others.main_menu')}>
        <ul>
          {menuItems.map((page) => (
            <li key={page.path}>
              {/* A page's link stays marked on the pages under it (a note, a project), home's only at home. */}
              <NavLink
                to={page.path}
                end={page === PAGES.index}
                className={({ isActive }) => (isActive ? styles.active : undefined)}
              >
                {t(page.titleKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.tools}>
        <ThemeToggle />
        <LanguageDropdown />
        <button
          ref={burger}
          type="button"
          className={styles.burger}
          data-open={menuOpen}
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          aria-label={menuOpen ? t('others.menu_close') : t('others.menu_open')}
          onClick={() => menuStore.set(!menuOpen)}
        >
          <span />
          <span />
          <span />
        </button>
      </div>
    </header>
  );
}
