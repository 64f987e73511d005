import type { LoaderFunction, RouteObject } from 'react-router';
import { APP_PATHS } from '../../shared/paths.js';
import type { Section } from '../../shared/sections.js';
import { HomePage } from '../features/home/home-page.js';
import { NotFoundPage } from '../features/not-found/not-found-page.js';
import { Layout } from './layout.js';
import type { RouteHandle } from './navigation.js';
import { RouteErrorPage } from './route-error-page.js';

// Spec §2: names, titles and loader flags of every route.
export const routeHandles = {
  index: { name: 'index', titleKey: 'home.title', showsLoader: true, hasSections: false },
  about: { name: 'about', titleKey: 'about.title', showsLoader: true, hasSections: true },
  portfolio: { name: 'portfolio', titleKey: 'portfolio.title', showsLoader: true, hasSections: true },
  contact: { name: 'contact', titleKey: 'contact.title', showsLoader: false, hasSections: false },
  notFound: { name: 'not-found', titleKey: 'errors.404.title', showsLoader: false, hasSections: false },
} satisfies Record<string, RouteHandle>;

/**
 * How routes get their data. In the browser a loader is the spec's "before each navigation" and
 * fetches the page's section; on the server it answers the section from the content in memory.
 */
export interface RouteLoaders {
  page: (handle: RouteHandle, section: Exclude<Section, 'footer'>) => LoaderFunction;
  plain: (handle: RouteHandle) => LoaderFunction;
  /** The 404 page's loader answers which joke it shows (spec §2: one at random). */
  notFound: (handle: RouteHandle) => LoaderFunction;
}

export interface JokeChoice {
  jokeIndex: number;
}

/** The visitor pages' route table, one for the server renderer and the browser router. */
export function siteRoutes(loaders: RouteLoaders): RouteObject {
  // Ids are given, not counted, so the server's route table and the browser's (which also holds the
  // owner area) name the same route the same way in the hydration data.
  return {
    id: 'layout',
    element: <Layout />,
    children: [
      {
        id: 'pages',
        errorElement: <RouteErrorPage />,
        children: [
          {
            path: APP_PATHS.index,
            id: 'index',
            handle: routeHandles.index,
            loader: loaders.page(routeHandles.index, 'home'),
            element: <HomePage />,
          },
          {
            path: APP_PATHS.about,
            id: 'about',
            handle: routeHandles.about,
            loader: loaders.page(routeHandles.about, 'about'),
            lazy: () => import('../features/about/about-page.js').then((module) => ({ Component: module.AboutPage })),
          },
          {
            path: APP_PATHS.portfolio,
            id: 'portfolio',
            handle: routeHandles.portfolio,
            loader: loaders.page(routeHandles.portfolio, 'portfolio'),
            lazy: () =>
              import('../features/portfolio/portfolio-page.js').then((module) => ({ Component: module.PortfolioPage })),
          },
          {
            path: APP_PATHS.contact,
            id: 'contact',
            handle: routeHandles.contact,
            loader: loaders.plain(routeHandles.contact),
            // The form brings zod (shared with the server); only visitors of this page download it.
            lazy: () =>
              import('../features/contact/contact-page.js').then((module) => ({ Component: module.ContactPage })),
          },
          {
            path: '*',
            id: 'not-found',
            handle: routeHandles.notFound,
            loader: loaders.notFound(routeHandles.notFound),
            element: <NotFoundPage />,
          },
        ],
      },
    ],
  };
}
