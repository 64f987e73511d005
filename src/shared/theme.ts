export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Spec §3 and §9: cookie `theme`, value dark or light, kept 1000 days on path /. */
export const THEME_COOKIE = 'theme';
export const THEME_COOKIE_MAX_AGE_SECONDS = 1000 * 24 * 60 * 60;

export function isTheme(value: unknown): value is Theme {
  return (THEMES as readonly unknown[]).includes(value);
}

/**
 * The theme stored in a cookie string (`document.cookie` in the browser, the `Cookie` header on the
 * server); anything but a known theme reads as no choice.
 */
export function themeFromCookies(cookies: string | undefined): Theme | undefined {
  const match = new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=([^;]*)`).exec(cookies ?? '');
  return isTheme(match?.[1]) ? match[1] : undefined;
}
