/** The app's routes, spec §2: history mode, base `/`, no parameters. */
export const APP_PATHS = {
  index: '/',
  about: '/about',
  portfolio: '/portfolio',
  contact: '/contact',
} as const;

export type RouteName = keyof typeof APP_PATHS | 'not-found';
