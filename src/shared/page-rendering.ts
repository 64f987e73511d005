import type { Locale } from './locales.js';
import type { PictureInfos } from './media.js';
import { PAGE_NAMES, PAGES, type PageName } from './pages.js';
import type { pageResponseSchemas, ResponseData } from './schemas/api.js';
import type { SiteContent } from './schemas/content.js';
import type { NoteListView, NoteView, ProjectView } from './schemas/entry-views.js';
import type { Theme } from './theme.js';

/**
 * The contract between the server and the web app's server-side bundle (`src/web/entry-server.tsx`,
 * built into `dist/ssr/`). The server never imports the web app's source: it loads that bundle at
 * start-up and asks it for pages through these types.
 */
export interface PageRequest {
  /** The path the visitor asked for (no query). */
  path: string;
  locale: Locale;
  /** The visitor's stored theme; undefined follows the system (the page decides in CSS). */
  theme: Theme | undefined;
  /** Which of the 404 page's jokes to show (spec §2: one at random, `NOT_FOUND_JOKE_COUNT`); ignored by other pages. */
  jokeIndex: number;
  /** The query (`?tag=…&page=2` on `/notes`), without `lang`; empty for none. */
  search?: string;
}

/**
 * The published entries as the collections' pages show them (issue 27), from the snapshot the
 * renderer was made for: what is visible at that moment, in one language at a time. Undefined is a
 * page that does not exist (the 404 page): an unknown slug, a language the entry lacks, a page past
 * the last.
 */
export interface EntryPages {
  noteList: (
    locale: Locale,
    query: { tag?: string | undefined; page?: number | undefined },
  ) => NoteListView | undefined;
  note: (locale: Locale, slug: string) => NoteView | undefined;
  project: (locale: Locale, slug: string) => ProjectView | undefined;
}

export interface RenderedPage {
  status: 200 | 404;
  page: PageName;
  /** The markup inside `#root`; empty for pages drawn only in the browser. */
  html: string;
  /** JSON for the browser router's hydration (loader data), placed in an inert script. */
  hydrationData: string;
}

export interface PageRenderer {
  /** Each page's title in each language, for the document title (`documentTitle`, spec §2). */
  titles: Record<Locale, Record<PageName, string>>;
  render: (request: PageRequest) => Promise<RenderedPage>;
}

/**
 * The content as visitors are served it: the portfolio section as `/pages/portfolio` answers it, with
 * the published projects no item stands for (decision 030). Content without them (a test's) is served
 * as it is.
 */
export type ServedContent = Omit<SiteContent, 'portfolio'> & {
  portfolio: ResponseData<(typeof pageResponseSchemas)['portfolio']>;
};

/** What `dist/ssr/entry-server.js` exports. */
export interface ServerEntry {
  /** `pictures`: the size and version of each picture the content names (`SiteData.pictures`). */
  createPageRenderer: (
    content: ServedContent,
    pictures?: PictureInfos,
    entries?: EntryPages,
  ) => PageRenderer | Promise<PageRenderer>;
}

/**
 * What the hydration script holds: the router's loader data, and the footer, which every page shows
 * rendered and the browser takes over without fetching it.
 */
export interface PageData {
  loaderData: Record<string, unknown>;
  footer?: SiteContent['footer'];
}

/** The inert JSON script the browser router hydrates from. */
export const HYDRATION_DATA_ELEMENT_ID = 'hydration-data';

/**
 * The `elementtiming` name of a page's largest picture (the one asked for at high priority): the
 * browsers that report when such a picture is on screen (Element Timing) tell the page's loader,
 * which asks for the app's scripts only then (server/web-app/page-assets.ts, decision 045).
 */
export const LARGEST_PICTURE_TIMING = 'largest-picture';

/** The pages whose code is loaded lazily, by the module Vite's manifest names it with (from `PAGES`). */
export const LAZY_ROUTE_MODULES: Partial<Record<PageName, string>> = Object.fromEntries(
  PAGE_NAMES.flatMap((name) => {
    const module = PAGES[name].lazyModule;
    return module ? [[name, module]] : [];
  }),
);

/** Each language's texts, a chunk of its own the browser loads for the language a page is shown in. */
export const TRANSLATION_MODULES: Record<Locale, string> = {
  lotin: 'i18n/locales/lotin.json',
  russian: 'i18n/locales/russian.json',
  english: 'i18n/locales/english.json',
};
