import type { ComponentType } from 'react';
import type { PageName } from '../../shared/pages.js';
import { HomePage } from '../features/home/home-page.js';
import { NotFoundPage } from '../features/not-found/not-found-page.js';

/** A page's component, or for a page with a `lazyModule` in the page table, the import of that module. */
type PageComponent = { Component: ComponentType } | { lazy: () => Promise<{ Component: ComponentType }> };

/** Each page of the page table (`src/shared/pages.ts`) with its component. */
export const PAGE_COMPONENTS: Record<PageName, PageComponent> = {
  index: { Component: HomePage },
  about: {
    lazy: () => import('../features/about/about-page.js').then((module) => ({ Component: module.AboutPage })),
  },
  portfolio: {
    lazy: () =>
      import('../features/portfolio/portfolio-page.js').then((module) => ({ Component: module.PortfolioPage })),
  },
  contact: {
    lazy: () => import('../features/contact/contact-page.js').then((module) => ({ Component: module.ContactPage })),
  },
  notes: {
    lazy: () => import('../features/notes/notes-page.js').then((module) => ({ Component: module.NotesPage })),
  },
  note: {
    lazy: () => import('../features/notes/note-page.js').then((module) => ({ Component: module.NotePage })),
  },
  project: {
    lazy: () => import('../features/portfolio/project-page.js').then((module) => ({ Component: module.ProjectPage })),
  },
  'not-found': { Component: NotFoundPage },
};
