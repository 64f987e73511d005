import type { LoaderFunction, RouteObject } from 'react-router';
import { NOT_FOUND_PAGE, PAGE_NAMES, PAGES, type PageName } from '../../shared/pages.js';
import type { Section } from '../../shared/sections.js';
import { type EntryPageName, isEntryPage } from '../shared/api/entry-data.js';
import { Layout } from './layout.js';
import type { RouteHandle } from './navigation.js';
import { PAGE_COMPONENTS } from './page-components.js';
import { RouteErrorPage, RouteTreeErrorPage } from './route-error-page.js';

/**
 * How routes get their data. In the browser a loader is the spec's "before each navigation" and
 * fetches the page's section; on the server it answers the section from the content in memory.
 */
export interface RouteLoaders {
  page: (handle: RouteHandle, section: Exclude<Section, 'footer'>) => LoaderFunction;
  plain: (handle: RouteHandle) => LoaderFunction;
  /** The 404 page's loader answers which joke it shows (spec §2: one at random). */
  notFound: (handle: RouteHandle) => LoaderFunction;
  /**
   * A collection's page (issue 27): `/notes`, a note, a project, in the visitor's language. What does
   * not exist is answered as `EntryNotFound`, and the page shows the 404 page.
   */
  entry: (handle: RouteHandle, name: EntryPageName) => LoaderFunction;
}

export interface JokeChoice {
  jokeIndex: number;
}

function pageRoute(name: PageName, loaders: RouteLoaders): RouteObject {
  const page = PAGES[name];
  const handle: RouteHandle = { ...page, name };
  let loader: LoaderFunction;
  if (name === NOT_FOUND_PAGE) loader = loaders.notFound(handle);
  else if (isEntryPage(name)) loader = loaders.entry(handle, name);
  else if (page.section) loader = loaders.page(handle, page.section);
  else loader = loaders.plain(handle);
  // The id is the page's name, given rather than counted, so the server's route table and the
  // browser's (which also holds the owner area) name the same route the same way in the hydration data.
  return { path: page.path, id: name, handle, loader, ...PAGE_COMPONENTS[name] };
}

/** The visitor pages' route table, from the page table, for the server renderer and the browser router. */
export function siteRoutes(loaders: RouteLoaders): RouteObject {
  return {
    id: 'layout',
    element: <Layout />,
    // A page's error shows inside the layout (below); an error of the layout itself, here.
    errorElement: <RouteTreeErrorPage />,
    children: [
      {
        id: 'pages',
        errorElement: <RouteErrorPage />,
        children: PAGE_NAMES.map((name) => pageRoute(name, loaders)),
      },
    ],
  };
}
