import type { ParseKeys } from 'i18next';
import type { RouteName } from '../../shared/paths.js';
import type { Section } from '../../shared/sections.js';
import { showLoader } from '../features/loader/loader-store.js';
import { menuStore } from '../features/menu/menu-store.js';
import { fetchSection, type SectionData } from '../shared/api/content-api.js';
import { scrollToTop } from '../shared/lib/motion.js';

/** Spec §9: six joke descriptions on the 404 page, in every language. */
export const JOKE_COUNT = 6;

/** What each route declares (spec §2): its name, its title's translation key, whether the loader shows. */
export interface RouteHandle {
  name: RouteName;
  titleKey: ParseKeys;
  showsLoader: boolean;
  /** Pages with several sections get the fixed header past 100 px and a scroll hint. */
  hasSections: boolean;
}

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
    return { jokeIndex: Math.floor(Math.random() * JOKE_COUNT) };
  };
}
