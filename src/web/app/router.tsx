import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject } from 'react-router';
import { OWNER_PATHS } from '../../shared/paths.js';
import { LoadingOverlay } from '../features/loader/loading-overlay.js';
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
      ...siteRoutes({ page: pageLoader, plain: plainLoader, notFound: notFoundLoader, entry: entryLoader }),
      hydrateFallbackElement: <LoadingOverlay />,
    },
  ];
}

/**
 * The browser's router. With `hydrationData` (a page the server rendered) it takes over that page
 * without running its loader again; the lazy route of the page (the contact form) is loaded first,
 * so the markup React hydrates is the markup the server sent.
 */
export async function createRouter(hydrationData?: HydrationState) {
  const routes = browserRoutes();
  if (hydrationData) {
    const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
  }
  const router = createBrowserRouter(routes, { basename: '/', hydrationData });
  reloadEntryPagesOnLanguageChange(router);
  return router;
}
