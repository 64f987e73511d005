import uzbekNames from './uzbek-country-names.json' with { type: 'json' };

const UZBEK_NAMES: ReadonlyMap<string, string> = new Map(Object.entries(uzbekNames));

/**
 * Countries by name (decision 042): a stored two-letter code (`UZ`) in a language, from the
 * browser's or Node's own region names (Intl.DisplayNames). Browsers ship no Uzbek ones (Chromium
 * answers in English), so Uzbek names come from a table written from Node's full ICU (CLDR), with CLDR's
 * oʻ and gʻ (U+2018) written with U+02BB as the owner's other Uzbek texts are.
 * Null, the unknown country, reads as `unknown`; a code no name is known for, as it is.
 */
export function countryNames(language: string, unknown: string): (code: string | null) => string {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  const uzbek = language.startsWith('uz');
  return (code) => {
    if (code === null) return unknown;
    if (uzbek) return UZBEK_NAMES.get(code) ?? code;
    try {
      return names.of(code) ?? code;
    } catch {
      // A malformed code (never stored, but the rows come from a database): shown as it is.
      return code;
    }
  };
}

/**
 * A country's flag: the two regional indicator symbols of its code, which fonts with flags draw as
 * one (elsewhere they read as two boxed letters). Decorative: the name says it. Empty for anything
 * but two letters A–Z.
 */
export function countryFlag(code: string | null): string {
  if (code === null || !/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}
