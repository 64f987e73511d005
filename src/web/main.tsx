import '@fontsource-variable/manrope';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { isLocale, LOCALE_COOKIE, LOCALE_QUERY_PARAMETER, type Locale } from '../shared/locales.js';
import { THEME_COOKIE_MAX_AGE_SECONDS } from '../shared/theme.js';
import { createRouter } from './app/router.js';
import { applyLocaleToDocument, loadSavedLocale } from './features/language/language.js';
import { initialTheme, themeStore } from './features/theme/theme.js';
import { loadVisitorKey, startVisitor } from './features/visitor/visitor.js';
import { i18next, initI18n } from './i18n/i18n.js';
import { writeSetting } from './shared/lib/settings-store.js';
import { siteIdentity } from './shared/lib/site-data.js';

/**
 * IndexedDB normally answers in a few milliseconds, but some browsers never answer (headless
 * Chromium's --screenshot, some private modes): past this the app goes on with the defaults.
 */
const SETTINGS_TIME_LIMIT_MS = 500;

function withinTimeLimit<Value>(work: Promise<Value>, fallback: Value): Promise<Value> {
  return Promise.race([
    work.catch(() => fallback),
    new Promise<Value>((resolve) => setTimeout(() => resolve(fallback), SETTINGS_TIME_LIMIT_MS)),
  ]);
}

/** The saved locale is mirrored into a cookie, so the server renders a returning visitor's language. */
function mirrorLocaleCookie(locale: string): void {
  if (!isLocale(locale)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser yet
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${THEME_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

/** `?lang=` on any page shows that language and saves it as the visitor's choice, as the dropdown does. */
function localeFromAddress(): Locale | undefined {
  const value = new URLSearchParams(window.location.search).get(LOCALE_QUERY_PARAMETER);
  return isLocale(value) ? value : undefined;
}

async function start() {
  const fromAddress = localeFromAddress();
  const [saved] = await Promise.all([
    withinTimeLimit(loadSavedLocale(), 'lotin' as Locale),
    withinTimeLimit(loadVisitorKey(), undefined),
  ]);
  const locale = fromAddress ?? saved;
  if (fromAddress && fromAddress !== saved) void writeSetting('locale', fromAddress).catch(() => undefined);
  await initI18n(locale, siteIdentity);
  mirrorLocaleCookie(locale);
  i18next.on('languageChanged', mirrorLocaleCookie);
  applyLocaleToDocument(locale);
  themeStore.set(initialTheme());

  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={createRouter()} />
    </StrictMode>,
  );
  void startVisitor({ locale, theme: themeStore.get() });
}

void start();
