import { NOT_FOUND_JOKE_COUNT, type PAGES, type PageName } from '../../shared/pages.js';
import type { Section } from '../../shared/sections.js';
import { showLoader } from '../features/loader/loader-store.js';
import { menuStore } from '../features/menu/menu-store.js';
import { fetchSection, type SectionData } from '../shared/api/content-api.js';
import { scrollToTop } from '../shared/lib/motion.js';

/**
 * What each route declares: its page's entry in the page table (spec §2: its title's translation
 * key, whether the loader shows) and its name.
 */
export type RouteHandle = (typeof PAGES)[PageName] & { name: PageName };

/** Spec §2 "Before each navigation": close the menu, scroll to the top, show the loader if the route has it. */
export function beforeNavigation(handle: RouteHandle): Promise<void> {
  menuStore.set(false);
  void scrollToTop(100);
  return handle.showsLoader ? showLoader() : Promise.resolve();
}

/** A route loader: the page's content is ready before the overlay lifts. */
export function pageLoader<Name extends Section>(handle: RouteHandle, section: Name) {
  return async (): Promise<SectionData<Name>> => {
    const [, data] = await Promise.all([beforeNavigation(handle), fetchSection(section)]);
    return data;
  };
}

export function plainLoader(handle: RouteHandle) {
  return async () => {
    await beforeNavigation(handle);
    return null;
  };
}

/** The 404 page's loader: spec §2, one of its jokes at random. */
export function notFoundLoader(handle: RouteHandle) {
  return async () => {
    await beforeNavigation(handle);
    return { jokeIndex: Math.floor(Math.random() * NOT_FOUND_JOKE_COUNT) };
  };
}
