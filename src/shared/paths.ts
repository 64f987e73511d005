/** The app's routes, spec §2: history mode, base `/`, no parameters. */
export const APP_PATHS = {
  index: '/',
  about: '/about',
  portfolio: '/portfolio',
  contact: '/contact',
} as const;

export type RouteName = keyof typeof APP_PATHS | 'not-found';

/** The owner's area (not a spec route): signed-in pages, never indexed, loaded only when visited. */
export const OWNER_PATHS = {
  inbox: '/owner',
  message: '/owner/messages',
  stats: '/owner/stats',
  settings: '/owner/settings',
} as const;
