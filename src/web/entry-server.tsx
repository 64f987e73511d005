import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { LOCALES, type Locale } from '../shared/locales.js';
import type { PictureInfos } from '../shared/media.js';
import type {
  EntryPages,
  PageData,
  PageRenderer,
  PageRequest,
  RenderedPage,
  ServedContent,
} from '../shared/page-rendering.js';
import { isPageName, NOT_FOUND_PAGE, PAGE_NAMES, PAGES, type PageName } from '../shared/pages.js';
import { jsonForScript } from '../shared/site-data.js';
import type { Theme } from '../shared/theme.js';
import { type JokeChoice, type RouteLoaders, siteRoutes } from './app/routes.js';
import { ThemeContext } from './features/theme/theme.js';
import { createI18n } from './i18n/i18n.js';
import { translations } from './i18n/translations.js';
import { provideSections } from './shared/api/content-api.js';
import {
  type EntryPageName,
  type EntryRouteData,
  entryNotFound,
  isEntryNotFound,
  notesQuery,
} from './shared/api/entry-data.js';
import { createStore } from './shared/lib/create-store.js';
import { provideSiteData } from './shared/lib/site-data.js';

/** What the server's loaders know of a request beyond its address. */
interface RenderContext {
  jokeIndex: number;
  locale: Locale;
}

/** An entry page's data from the published entries, or the 404 page's when it does not exist. */
function entryPageData(
  entries: EntryPages | undefined,
  name: EntryPageName,
  { locale, jokeIndex }: RenderContext,
  { search, slug }: { search: string; slug: string | undefined },
): EntryRouteData<EntryPageName> {
  let view: EntryRouteData<EntryPageName> | undefined;
  if (name === 'notes') {
    const query = notesQuery(search);
    view = query && entries?.noteList(locale, query);
  } else if (slug !== undefined) {
    view = name === 'note' ? entries?.note(locale, slug) : entries?.project(locale, slug);
  }
  return view ?? entryNotFound(jokeIndex);
}

/** The languages with a note: the header and the footer link "Notes" in those (issue 27). */
function notesLocalesOf(entries: EntryPages | undefined): Locale[] {
  return LOCALES.filter((locale) => (entries?.noteList(locale, {})?.notes.length ?? 0) > 0);
}

/**
 * The web app's server bundle (built into dist/ssr/ by `npm run build`), loaded by the server at
 * start-up. It renders each page with the same route table and components as the browser, from the
 * content in memory, and hands the browser the loader data to hydrate from (decision 016).
 */
export async function createPageRenderer(
  content: ServedContent,
  pictures: PictureInfos = {},
  entries?: EntryPages,
): Promise<PageRenderer> {
  const notesLocales = notesLocalesOf(entries);
  // The identity, pictures and sections live in module state the components read; the server makes one renderer
  // per content version, so each render provides its own version's, just before its synchronous
  // renderToString, and a page never mixes two versions.
  const provideContent = () => {
    provideSiteData({ identity: content.identity, pictures, notesLocales });
    // The pages' sections and the footer are in the page itself, so a visitor without JavaScript, a
    // crawler or a link preview reads the footer too; the browser takes it from the page's data.
    provideSections({ home: content.home, about: content.about, portfolio: content.portfolio, footer: content.footer });
  };
  provideContent();
  const loaders: RouteLoaders = {
    page: (_handle, section) => () => content[section],
    plain: () => () => null,
    notFound: () => (args) =>
      ({ jokeIndex: (args.context as unknown as RenderContext).jokeIndex }) satisfies JokeChoice,
    entry:
      (_handle, name) =>
      ({ request, params, context }) =>
        entryPageData(entries, name, context as unknown as RenderContext, {
          search: new URL(request.url).search,
          slug: params.slug,
        }),
  };
  const handler = createStaticHandler([siteRoutes(loaders)]);
  const i18n = Object.fromEntries(
    await Promise.all(
      LOCALES.map(async (locale) => [locale, await createI18n(locale, content.identity, translations)] as const),
    ),
  ) as Record<Locale, Awaited<ReturnType<typeof createI18n>>>;

  const titles = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      Object.fromEntries(PAGE_NAMES.map((name) => [name, i18n[locale].t(PAGES[name].titleKey)])),
    ]),
  ) as PageRenderer['titles'];

  return {
    titles,
    async render({ path, locale, theme, jokeIndex, search = '' }: PageRequest): Promise<RenderedPage> {
      const url = new URL(path, 'http://sahifa.invalid');
      url.search = search;
      const context = await handler.query(new Request(url), {
        requestContext: { jokeIndex, locale } satisfies RenderContext as never,
      });
      if (context instanceof Response) throw new Error(`The page ${path} answered a redirect`);
      const router = createStaticRouter(handler.dataRoutes, context);
      const matched = context.matches.at(-1)?.route.id;
      // An entry page that does not exist is the 404 page, answered with status 404 (issue 27).
      const missing = isPageName(matched) && isEntryNotFound(context.loaderData[matched]);
      const page: PageName = isPageName(matched) && !missing ? matched : NOT_FOUND_PAGE;
      // Without a stored theme the page follows the system in CSS; the toggle starts as in light.
      const themeOfThisPage = createStore<Theme>(theme ?? 'light');
      provideContent();
      const html = renderToString(
        <StrictMode>
          <I18nextProvider i18n={i18n[locale]}>
            <ThemeContext value={themeOfThisPage}>
              {/* hydrate={false}: React Router's own hydration script is inline, which the CSP forbids;
                  the server sends the same data as inert JSON instead. */}
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </ThemeContext>
          </I18nextProvider>
        </StrictMode>,
      );
      return {
        status: context.statusCode === 404 || page === NOT_FOUND_PAGE ? 404 : 200,
        page,
        html,
        hydrationData: jsonForScript({ loaderData: context.loaderData, footer: content.footer } satisfies PageData),
      };
    },
  };
}
