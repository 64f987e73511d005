import { createStore } from '../../shared/lib/create-store.js';
import { prefersReducedMotion } from '../../shared/lib/motion.js';

/** Spec §9: the loader's show animation completes after about 1100 ms. */
const LOADER_SHOW_MS = 1100;

/** Spec §4: the loader is one boolean, loading or not. */
export const loaderStore = createStore(false);

/** Opens the overlay; resolves when its show animation has completed. */
export function showLoader(): Promise<void> {
  loaderStore.set(true);
  const duration = prefersReducedMotion() ? 0 : LOADER_SHOW_MS;
  return new Promise((resolve) => setTimeout(resolve, duration));
}

export function hideLoader(): void {
  loaderStore.set(false);
}
