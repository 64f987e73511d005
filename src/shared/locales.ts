/** Interface languages, spec §1 and §3. `lotin` (Uzbek in Latin script) is the default and fallback. */
export const LOCALES = ['lotin', 'russian', 'english'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'lotin';

/** BCP 47 tags for `<html lang>`, so screen readers and hyphenation pick the right language. */
export const HTML_LANG: Record<Locale, string> = {
  lotin: 'uz-Latn',
  russian: 'ru',
  english: 'en',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Spec §4: an unknown or missing saved locale resets to lotin. */
export function resolveLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/**
 * The saved locale (IndexedDB, spec §4) is mirrored into this cookie so the server can render a
 * returning visitor's first paint in their language. Kept as long as the theme cookie.
 */
export const LOCALE_COOKIE = 'locale';

/** `?lang=` on any page renders that language and saves it as the visitor's choice. */
export const LOCALE_QUERY_PARAMETER = 'lang';

/** Open Graph's locale names (`og:locale`). */
export const OG_LOCALE: Record<Locale, string> = {
  lotin: 'uz_UZ',
  russian: 'ru_RU',
  english: 'en_US',
};
