import { useSyncExternalStore } from 'react';

/** A phone held upright: the studio shows the fields first and the preview on demand. */
export const PHONE_QUERY = '(max-width: 30rem)';

/** Whether a media query matches now, following the window as it is resized or turned. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
