import type { Collection } from './schemas/collections.js';
import type { Section } from './sections.js';

/** Which of the owner's texts describe a page in search results and shared links (`server/seo/page-head.ts`). */
export type PageDescription = 'introduction' | 'about' | 'projects' | 'contact-card' | 'notes' | 'entry';

/** Everything the server and the web app know about a visitor page (spec §2). */
export interface PageDefinition {
  /**
   * Its address: history mode, base `/`; `:slug` is an entry's address in a collection's page
   * (`/notes/:slug`); `*` is every address no other page has.
   */
  path: string;
  /** The translation key of its title (spec §2: the document title is "Name Surname - Title"). */
  titleKey: string;
  /** Spec §2: whether the loading overlay covers the navigation to it. */
  showsLoader: boolean;
  /** Pages with several sections get the fixed header past 100 px and a scroll hint. */
  hasSections: boolean;
  /** The content section it shows: fetched by its route loader, rendered into its HTML on the server. */
  section: Exclude<Section, 'footer'> | undefined;
  /**
   * The module of a page whose code is loaded lazily, relative to `src/web`, as Vite's manifest names
   * it: the server preloads its chunk and inlines its styles. Its `lazy` import is in
   * `src/web/app/page-components.tsx`.
   */
  lazyModule: string | undefined;
  /** A link in the header's menu, in the table's order. */
  inMenu: boolean;
  /**
   * Listed for search engines as a fixed page (sitemap, canonical and alternate addresses); otherwise
   * `noindex`. A collection's pages are listed per entry and language instead (`collection`).
   */
  indexed: boolean;
  description: PageDescription;
  /**
   * The collection a page shows (issue 27): its list (`/notes`) or one entry (`/notes/:slug`). Such a
   * page exists only for what is published in the visitor's language; otherwise it is the 404 page.
   */
  collection?: Collection;
}

/**
 * The visitor pages, one entry each: the router, the header's menu, the server renderer, the page
 * head, the sitemap and the preloads of lazy pages all read this table. The catch-all 404 page
 * stays last: routes are matched in this order.
 */
export const PAGES = {
  index: {
    path: '/',
    titleKey: 'home.title',
    showsLoader: true,
    hasSections: false,
    section: 'home',
    lazyModule: undefined,
    inMenu: true,
    indexed: true,
    description: 'introduction',
  },
  about: {
    path: '/about',
    titleKey: 'about.title',
    showsLoader: true,
    hasSections: true,
    section: 'about',
    lazyModule: 'features/about/about-page.tsx',
    inMenu: true,
    indexed: true,
    description: 'about',
  },
  portfolio: {
    path: '/portfolio',
    titleKey: 'portfolio.title',
    showsLoader: true,
    hasSections: true,
    section: 'portfolio',
    lazyModule: 'features/portfolio/portfolio-page.tsx',
    inMenu: true,
    indexed: true,
    description: 'projects',
  },
  contact: {
    path: '/contact',
    titleKey: 'contact.title',
    showsLoader: false,
    hasSections: false,
    section: undefined,
    // The form brings zod (shared with the server); only visitors of this page download it.
    lazyModule: 'features/contact/contact-page.tsx',
    inMenu: true,
    indexed: true,
    description: 'contact-card',
  },
  notes: {
    path: '/notes',
    titleKey: 'notes.title',
    showsLoader: true,
    hasSections: false,
    section: undefined,
    lazyModule: 'features/notes/notes-page.tsx',
    // The header and the footer show it once a note is published in the visitor's language
    // (`SiteData.notesLocales`), so the spec's site is unchanged until the owner writes.
    inMenu: false,
    indexed: false,
    description: 'notes',
    collection: 'notes',
  },
  note: {
    path: '/notes/:slug',
    titleKey: 'notes.title',
    showsLoader: true,
    hasSections: false,
    section: undefined,
    lazyModule: 'features/notes/note-page.tsx',
    inMenu: false,
    indexed: false,
    description: 'entry',
    collection: 'notes',
  },
  project: {
    path: '/portfolio/:slug',
    titleKey: 'portfolio.title',
    showsLoader: true,
    hasSections: false,
    section: undefined,
    lazyModule: 'features/portfolio/project-page.tsx',
    inMenu: false,
    indexed: false,
    description: 'entry',
    collection: 'projects',
  },
  'not-found': {
    path: '*',
    titleKey: 'errors.404.title',
    showsLoader: false,
    hasSections: false,
    section: undefined,
    lazyModule: undefined,
    inMenu: false,
    indexed: false,
    description: 'introduction',
  },
} as const satisfies Record<string, PageDefinition>;

export type PageName = keyof typeof PAGES;

/** The page every address without a page of its own shows, answered with status 404. */
export const NOT_FOUND_PAGE = 'not-found' satisfies PageName;

/** The pages with an address of their own. */
export type AddressedPageName = Exclude<PageName, typeof NOT_FOUND_PAGE>;

/** Every page's name, in the table's order. */
export const PAGE_NAMES = Object.keys(PAGES) as PageName[];

export function isPageName(value: unknown): value is PageName {
  return typeof value === 'string' && Object.hasOwn(PAGES, value);
}

/** The pages search engines are told about. */
export type IndexedPageName = {
  [Name in PageName]: (typeof PAGES)[Name]['indexed'] extends true ? Name : never;
}[PageName];

export function isIndexed(name: PageName): name is IndexedPageName {
  return PAGES[name].indexed;
}

export const INDEXED_PAGES = PAGE_NAMES.filter(isIndexed);

/** A page and the values of its address's parameters (`slug`). */
export interface PageMatch {
  name: AddressedPageName;
  slug?: string;
}

/** Which page an address (no query) is, with its slug; undefined for none (the 404 page). */
export function matchPage(path: string): PageMatch | undefined {
  for (const name of PAGE_NAMES) {
    if (name === NOT_FOUND_PAGE) continue;
    const pattern = PAGES[name].path;
    if (pattern === path) return { name };
    const parameter = pattern.indexOf('/:slug');
    if (parameter === -1 || pattern.length !== parameter + '/:slug'.length) continue;
    const prefix = `${pattern.slice(0, parameter)}/`;
    const slug = path.startsWith(prefix) ? path.slice(prefix.length) : '';
    if (slug !== '' && !slug.includes('/')) return { name, slug };
  }
  return undefined;
}

/** The page at an exact address (no query), if one has it; an entry's address names its collection's page. */
export function pageAtPath(path: string): AddressedPageName | undefined {
  return matchPage(path)?.name;
}

/** Spec §2 and §3: the 404 page shows one of six jokes at random, the same one in every language. */
export const NOT_FOUND_JOKE_COUNT = 6;

/** Spec §2: the document title is the owner's name, a dash, then the page's title. */
export function documentTitle(ownerName: string, pageTitle: string | undefined): string {
  return pageTitle ? `${ownerName} - ${pageTitle}` : ownerName;
}
