import type { Section } from './sections.js';

/** Which of the owner's texts describe a page in search results and shared links (`server/seo/page-head.ts`). */
export type PageDescription = 'introduction' | 'about' | 'projects' | 'contact-card';

/** Everything the server and the web app know about a visitor page (spec §2). */
export interface PageDefinition {
  /** Its address: history mode, base `/`, no parameters; `*` is every address no other page has. */
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
  /** Listed for search engines (sitemap, canonical and alternate addresses); otherwise `noindex`. */
  indexed: boolean;
  description: PageDescription;
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

/** The page at an exact address (no query), if one has it. */
export function pageAtPath(path: string): AddressedPageName | undefined {
  return PAGE_NAMES.find((name): name is AddressedPageName => name !== NOT_FOUND_PAGE && PAGES[name].path === path);
}

/** Spec §2 and §3: the 404 page shows one of six jokes at random, the same one in every language. */
export const NOT_FOUND_JOKE_COUNT = 6;

/** Spec §2: the document title is the owner's name, a dash, then the page's title. */
export function documentTitle(ownerName: string, pageTitle: string | undefined): string {
  return pageTitle ? `${ownerName} - ${pageTitle}` : ownerName;
}
