import { type AddressedPageName, NOT_FOUND_PAGE, PAGE_NAMES, PAGES } from './pages.js';

/** The visitor pages' addresses by page name (from the page table, `pages.ts`), for links. */
export const APP_PATHS = Object.fromEntries(
  PAGE_NAMES.filter((name) => name !== NOT_FOUND_PAGE).map((name) => [name, PAGES[name].path]),
) as { readonly [Name in AddressedPageName]: (typeof PAGES)[Name]['path'] };

/** The owner's area (not a spec route): signed-in pages, never indexed, loaded only when visited. */
export const OWNER_PATHS = {
  inbox: '/owner',
  message: '/owner/messages',
  stats: '/owner/stats',
  settings: '/owner/settings',
  /** The content studio: the sections, a form per section (`/owner/site/{section}`), the history. */
  site: '/owner/site',
  /** The collections in the studio: a list each, an entry's editor at `…/<id>` and its history at `…/<id>/history`. */
  notes: '/owner/site/notes',
  projects: '/owner/site/projects',
  /** A password-reset link's page; the token follows in the fragment, which no server or log sees. */
  reset: '/owner/reset',
  /** The set-up link's page while no password exists (`#token=…`, in the fragment for the same reason). */
  setup: '/owner/setup',
} as const;

/** A shared statistics link's page, `/shared/<token>` (decision 043): read-only figures, never indexed. */
export const SHARED_STATS_PATH = '/shared';
