import type { createBrowserRouter, LoaderFunction } from 'react-router';
import { isLocale, LOCALE_QUERY_PARAMETER, type Locale, resolveLocale } from '../../shared/locales.js';
import { changeLocale } from '../features/language/language.js';
import { i18next } from '../i18n/i18n.js';
import { type EntryPageName, fetchEntryPage, isEntryPage } from '../shared/api/entry-data.js';
import { beforeNavigation, type RouteHandle } from './navigation.js';

function currentLocale(): Locale {
  return resolveLocale(i18next.language);
}

/** True while the entry page on screen is fetched again in the language just chosen. */
let reloadingForLanguage = false;

/**
 * An entry page's loader in the browser (issue 27): the spec's "before each navigation" as for the
 * other pages, and the page's view in the visitor's language from the API. An address with `?lang=`
 * (an "also in …" link) shows that language, as it does when a page is first opened.
 */
export function entryLoader(handle: RouteHandle, name: EntryPageName): LoaderFunction {
  return async ({ request, params }) => {
    const url = new URL(request.url);
    const quiet = reloadingForLanguage;
    const requested = url.searchParams.get(LOCALE_QUERY_PARAMETER);
    if (!quiet && isLocale(requested) && requested !== currentLocale()) await changeLocale(requested);
    const [, data] = await Promise.all([
      quiet ? undefined : beforeNavigation(handle),
      fetchEntryPage(name, currentLocale(), { search: url.search, slug: params.slug }),
    ]);
    return data;
  };
}

/**
 * Unlike the sections, which hold every language, an entry page holds one: when the visitor picks
 * another language its loader runs again, without the overlay or the scroll of a navigation (the
 * rest of the page switches at once; this part follows as soon as it arrives).
 */
export function reloadEntryPagesOnLanguageChange(router: ReturnType<typeof createBrowserRouter>): void {
  i18next.on('languageChanged', () => {
    // A navigation under way (one that follows `?lang=`) loads in the new language by itself.
    if (router.state.navigation.state !== 'idle') return;
    const leaf = router.state.matches.at(-1)?.route.id;
    if (!isEntryPage(leaf)) return;
    const shown = router.state.loaderData[leaf] as { locale?: unknown } | undefined;
    if (shown?.locale === currentLocale()) return;
    reloadingForLanguage = true;
    void router.revalidate().finally(() => {
      reloadingForLanguage = false;
    });
  });
}
