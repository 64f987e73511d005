export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Spec §3 and §9: cookie `theme`, value dark or light, kept 1000 days on path /. */
export const THEME_COOKIE = 'theme';
export const THEME_COOKIE_MAX_AGE_SECONDS = 1000 * 24 * 60 * 60;

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}
