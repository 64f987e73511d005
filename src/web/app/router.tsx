import { createBrowserRouter } from 'react-router';
import { APP_PATHS, OWNER_PATHS } from '../../shared/paths.js';
import { AboutPage } from '../features/about/about-page.js';
import { HomePage } from '../features/home/home-page.js';
import { LoadingOverlay } from '../features/loader/loading-overlay.js';
import { NotFoundPage } from '../features/not-found/not-found-page.js';
import { PortfolioPage } from '../features/portfolio/portfolio-page.js';
import { Layout } from './layout.js';
import { pageLoader, plainLoader, type RouteHandle } from './navigation.js';
import { RouteErrorPage } from './route-error-page.js';

// Spec §2: names, titles and loader flags of every route.
export const routeHandles = {
  index: { name: 'index', titleKey: 'home.title', showsLoader: true, hasSections: false },
  about: { name: 'about', titleKey: 'about.title', showsLoader: true, hasSections: true },
  portfolio: { name: 'portfolio', titleKey: 'portfolio.title', showsLoader: true, hasSections: true },
  contact: { name: 'contact', titleKey: 'contact.title', showsLoader: false, hasSections: false },
  notFound: { name: 'not-found', titleKey: 'errors.404.title', showsLoader: false, hasSections: false },
} satisfies Record<string, RouteHandle>;

export function createRouter() {
  return createBrowserRouter(
    [
      {
        // The owner's area: its own layout, loaded only when visited, so visitors never download it.
        path: `${OWNER_PATHS.inbox}/*`,
        hydrateFallbackElement: null,
        lazy: () => import('../features/owner/owner-app.js').then((module) => ({ Component: module.OwnerApp })),
      },
      {
        element: <Layout />,
        hydrateFallbackElement: <LoadingOverlay />,
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              {
                path: APP_PATHS.index,
                handle: routeHandles.index,
                loader: pageLoader(routeHandles.index, 'home'),
                element: <HomePage />,
              },
              {
                path: APP_PATHS.about,
                handle: routeHandles.about,
                loader: pageLoader(routeHandles.about, 'about'),
                element: <AboutPage />,
              },
              {
                path: APP_PATHS.portfolio,
                handle: routeHandles.portfolio,
                loader: pageLoader(routeHandles.portfolio, 'portfolio'),
                element: <PortfolioPage />,
              },
              {
                path: APP_PATHS.contact,
                handle: routeHandles.contact,
                loader: plainLoader(routeHandles.contact),
                // The form brings zod (shared with the server); only visitors of this page download it.
                lazy: () =>
                  import('../features/contact/contact-page.js').then((module) => ({ Component: module.ContactPage })),
              },
              {
                path: '*',
                handle: routeHandles.notFound,
                loader: plainLoader(routeHandles.notFound),
                element: <NotFoundPage />,
              },
            ],
          },
        ],
      },
    ],
    { basename: '/' },
  );
}
