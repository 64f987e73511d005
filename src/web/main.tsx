import '@fontsource-variable/manrope';
import './styles/global.css';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { HydrationState } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import {
  DEFAULT_LOCALE,
  HTML_LANG,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_QUERY_PARAMETER,
  LOCALES,
  type Locale,
} from '../shared/locales.js';
import { HYDRATION_DATA_ELEMENT_ID, type PageData } from '../shared/page-rendering.js';
import { PAGE_NAMES, PAGES } from '../shared/pages.js';
import { SHARED_STATS_PATH } from '../shared/paths.js';
import { THEME_COOKIE_MAX_AGE_SECONDS, themeFromCookies } from '../shared/theme.js';
import { withTimeLimit } from '../shared/with-time-limit.js';
import { createRouter } from './app/router.js';
import { applyLocaleToDocument, changeLocale, loadSavedLocale } from './features/language/language.js';
import { initialTheme, themeStore } from './features/theme/theme.js';
import { countOutboundClicks, loadVisitorKey, startVisitor } from './features/visitor/visitor.js';
import { i18next, initI18n } from './i18n/i18n.js';
import { provideSections } from './shared/api/content-api.js';
import { writeSetting } from './shared/lib/settings-store.js';
import { siteIdentity } from './shared/lib/site-data.js';

/**
 * IndexedDB normally answers in a few milliseconds, but some browsers never answer (headless
 * Chromium's --screenshot, some private modes): past this the take-over goes on with the default
 * language. A busy device can take over half a second, and the server-rendered page is already
 * painted, so only the take-over waits. Statistics wait for the real answer (`startVisitor`).
 */
const SETTINGS_TIME_LIMIT_MS = 2000;

function withinTimeLimit<Value>(work: Promise<Value>, fallback: Value): Promise<Value> {
  return withTimeLimit(work, SETTINGS_TIME_LIMIT_MS).catch(() => fallback);
}

/** The saved locale is mirrored into a cookie, so the server renders a returning visitor's language. */
function mirrorLocaleCookie(locale: string): void {
  if (!isLocale(locale)) return;
  // Rewriting the server's cookie would cut it to Safari's 7 days for script cookies (decision 004).
  if (document.cookie.split('; ').includes(`${LOCALE_COOKIE}=${locale}`)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser yet
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${THEME_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

/** `?lang=` on any page shows that language and saves it as the visitor's choice, as the dropdown does. */
function localeFromAddress(): Locale | undefined {
  const value = new URLSearchParams(window.location.search).get(LOCALE_QUERY_PARAMETER);
  return isLocale(value) ? value : undefined;
}

/** The language the server rendered the page in (`<html lang>`), which hydration must start from. */
function pageLocale(): Locale | undefined {
  const lang = document.documentElement.lang;
  return LOCALES.find((locale) => HTML_LANG[locale] === lang);
}

/** The loader data of a page the server rendered (decision 016); undefined for a page drawn here. */
function readHydrationData(root: HTMLElement): (HydrationState & Partial<PageData>) | undefined {
  const text = document.getElementById(HYDRATION_DATA_ELEMENT_ID)?.textContent;
  if (!text || !root.firstElementChild) return undefined;
  try {
    return JSON.parse(text) as HydrationState & Partial<PageData>;
  } catch {
    return undefined;
  }
}

/**
 * Marks `<html data-hydrated>` once the app has taken the page over. A server-rendered page shows
 * before its script runs, and a click then does nothing: tests and scripts wait for this mark.
 */
function MarkTakenOver({ children, onTakenOver }: { children: ReactNode; onTakenOver: () => void }) {
  // A parent's effect runs after its children's: the whole page is the app's by now.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    onTakenOver();
  }, [onTakenOver]);
  return children;
}

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const hydrationData = readHydrationData(root);
  const fromAddress = localeFromAddress();
  // Spec §4 and §7: the saved locale and the visitor key are read before the first request. Past the
  // time limit the app goes on without them; a late answer is not used for the language, but the
  // visitor key still is, by every later request and by the statistics.
  const savedLocale = loadSavedLocale();
  const storedVisitorKey = loadVisitorKey();
  const [saved] = await Promise.all([
    withinTimeLimit<Locale | undefined>(savedLocale, undefined),
    withinTimeLimit(storedVisitorKey, undefined),
  ]);
  // `?lang=` is saved as the dropdown saves a choice, after the read (which saves lotin when nothing
  // is saved), so a slow read cannot overwrite it.
  if (fromAddress) {
    void savedLocale
      .then((stored) => (stored === fromAddress ? undefined : writeSetting('locale', fromAddress)))
      .catch(() => undefined);
  }
  // A rendered page is taken over in the language it was rendered in; a different saved choice (the
  // cookie that mirrors it was lost) is applied once the page is the app's.
  const renderedIn = hydrationData ? pageLocale() : undefined;
  const locale = fromAddress ?? saved ?? renderedIn ?? DEFAULT_LOCALE;
  const firstLocale = renderedIn ?? locale;
  await initI18n(firstLocale, siteIdentity());
  mirrorLocaleCookie(locale);
  i18next.on('languageChanged', mirrorLocaleCookie);
  applyLocaleToDocument(firstLocale);
  const takenOver = () => {
    if (locale !== firstLocale) void changeLocale(locale);
  };

  const app = (router: Awaited<ReturnType<typeof createRouter>>) => (
    <StrictMode>
      <MarkTakenOver onTakenOver={takenOver}>
        <RouterProvider router={router} />
      </MarkTakenOver>
    </StrictMode>
  );
  if (hydrationData) {
    const { footer, ...routerState } = hydrationData;
    // The footer came rendered in the page: hydrated from its data, never fetched (spec §2's
    // Loading... stays for a page the browser draws itself).
    if (footer) provideSections({ footer });
    const loaderData = routerState.loaderData ?? {};
    // The section a rendered page came with is in its route's loader data (the route id is the page's name).
    for (const name of PAGE_NAMES) {
      const { section } = PAGES[name];
      if (section && loaderData[name]) provideSections({ [section]: loaderData[name] });
    }
    // As on the server: the stored theme, or light when the page follows the system; the layout shows
    // the theme in force once hydrated.
    themeStore.set(themeFromCookies(document.cookie) ?? 'light');
    const router = await createRouter(routerState);
    // As a transition React hydrates in slices of a few milliseconds, yielding to the browser between
    // them, instead of one long task that holds up a phone's main thread (Lighthouse's TBT). The page
    // is already painted, and a click meanwhile is replayed once its part is hydrated.
    startTransition(() => {
      hydrateRoot(root, app(router));
    });
  } else {
    themeStore.set(initialTheme());
    createRoot(root).render(app(await createRouter()));
  }
  // Reading a shared link's statistics is no visit to the site (decision 043).
  if (!window.location.pathname.startsWith(`${SHARED_STATS_PATH}/`)) {
    void startVisitor(storedVisitorKey, { locale, theme: initialTheme() });
    countOutboundClicks();
  }
}

void start();
