import { createContext, useContext } from 'react';
import {
  isTheme,
  THEME_COOKIE,
  THEME_COOKIE_MAX_AGE_SECONDS,
  type Theme,
  themeFromCookies,
} from '../../../shared/theme.js';
import { saveVisitorPreferences } from '../../shared/api/endpoints.js';
import { createStore, type Store, useStore } from '../../shared/lib/create-store.js';

function systemTheme(): Theme {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * The theme in force. The server already writes the cookie's theme into `<html data-theme>` so the
 * first paint is right; spec §4: at start a stored theme is applied if the page has none set.
 * Without any choice the page follows the system (CSS media query) until the visitor toggles.
 */
export function initialTheme(): Theme {
  const root = document.documentElement;
  const onPage = root.dataset.theme;
  if (isTheme(onPage)) return onPage;
  const stored = themeFromCookies(document.cookie);
  if (stored) {
    root.dataset.theme = stored;
    return stored;
  }
  return systemTheme();
}

/** The browser's theme in force, for the page's life. */
export const themeStore = createStore<Theme>('light');

/**
 * The theme store components read: the browser's by default. The server renderer gives each page its
 * own (`<ThemeContext value={createStore(theme)}>`), so pages rendered at the same time, or streamed,
 * never show another visitor's theme.
 */
export const ThemeContext = createContext<Store<Theme>>(themeStore);

export function useTheme(): Theme {
  return useStore(useContext(ThemeContext));
}

function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  // Spec §4 and §9: cookie `theme`, 1000 days, path /. (The Cookie Store API is not in every browser yet.)
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = `${THEME_COOKIE}=${theme}; Max-Age=${THEME_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
  themeStore.set(theme);
  // The server sets the cookie again, as Safari keeps a script's cookie 7 days (decision 004); when
  // that fails, the cookie just written stands.
  void saveVisitorPreferences({ theme }).catch(() => undefined);
}

export function toggleTheme(): void {
  setTheme(themeStore.get() === 'dark' ? 'light' : 'dark');
}
