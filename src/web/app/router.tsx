import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject } from 'react-router';
import { NOT_FOUND_PAGE } from '../../shared/pages.js';
import { OWNER_PATHS, SHARED_STATS_PATH } from '../../shared/paths.js';
import { LoadingOverlay } from '../features/loader/loading-overlay.js';
import { entryNotFound, isEntryPage } from '../shared/api/entry-data.js';
import { installPopStateGuard } from '../shared/lib/pop-state-guard.js';
import { entryLoader, reloadEntryPagesOnLanguageChange } from './entry-loaders.js';
import { notFoundLoader, pageLoader, plainLoader } from './navigation.js';
import { RouteTreeErrorPage } from './route-error-page.js';
import { siteRoutes } from './routes.js';

function browserRoutes(): RouteObject[] {
  return [
    {
      // The owner's area: its own layout, loaded only when visited, so visitors never download it.
      id: 'owner',
      path: `${OWNER_PATHS.inbox}/*`,
      // Blank for the moment its code loads. A component that draws nothing, as a `null` element
      // counts as no fallback at all, and React Router then warns on every owner page.
      HydrateFallback: () => null,
      errorElement: <RouteTreeErrorPage />,
      lazy: () => import('../features/owner/owner-app.js').then((module) => ({ Component: module.OwnerApp })),
    },
    {
      // A shared statistics link (decision 043): the dashboard, read-only, from the owner's code,
      // loaded only when such a link is opened.
      id: 'shared-stats',
      path: `${SHARED_STATS_PATH}/:token`,
      HydrateFallback: () => null,
      errorElement: <RouteTreeErrorPage />,
      lazy: () =>
        import('../features/owner/shared-stats/shared-stats-app.js').then((module) => ({
          Component: module.SharedStatsApp,
        })),
    },
    {
      ...siteRoutes({ page: pageLoader, plain: plainLoader, notFound: notFoundLoader, entry: entryLoader }),
      hydrateFallbackElement: <LoadingOverlay />,
    },
  ];
}

/**
 * The server answers an entry that does not exist (`/notes/<unknown>`, a note in a language it lacks)
 * with its one 404 page, rendered by the catch-all route; here the address is the entry page's route,
 * which shows the same 404 page from its own data, so the router takes the page over as it is.
 */
function asEntryNotFound(routes: RouteObject[], rendered: HydrationState): HydrationState {
  const notFound = rendered.loaderData?.[NOT_FOUND_PAGE] as { jokeIndex?: number } | undefined;
  const leaf = matchRoutes(routes, window.location)?.at(-1)?.route.id;
  if (notFound === undefined || !isEntryPage(leaf)) return rendered;
  return { ...rendered, loaderData: { [leaf]: entryNotFound(notFound.jokeIndex ?? 0) } };
}

/**
 * The browser's router. With `hydrationData` (a page the server rendered) it takes over that page
 * without running its loader again; the lazy route of the page (the contact form) is loaded first,
 * so the markup React hydrates is the markup the server sent.
 */
export async function createRouter(rendered?: HydrationState) {
  const routes = browserRoutes();
  const hydrationData = rendered && asEntryNotFound(routes, rendered);
  if (hydrationData) {
    const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
  }
  // Before the router listens, so a dialog with an address can take Back from it (pop-state-guard.ts).
  installPopStateGuard();
  const router = createBrowserRouter(routes, { basename: '/', hydrationData });
  reloadEntryPagesOnLanguageChange(router);
  return router;
}
