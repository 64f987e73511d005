import type { i18n as I18n } from 'i18next';
import { HTML_LANG, isLocale } from '../../shared/locales.js';

/**
 * i18next picks plural forms (`_one`, `_few`, `_many`, `_other`) with `Intl.PluralRules` of the
 * language's code, and our codes (`lotin`, `russian`, `english`, kept for the spec's URLs and saved
 * choices) are not languages Intl knows: every language would count like English. The resolver asks
 * for the rules of each code's BCP 47 tag instead (`uz-Latn`, `ru`, `en`).
 */
export function countInEachLanguage(instance: I18n): void {
  const resolver = instance.services.pluralResolver as {
    getRule: (code: string, options?: object) => Intl.PluralRules | undefined;
    mapsLocales?: true;
  };
  if (resolver.mapsLocales) return;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(isLocale(code) ? HTML_LANG[code] : code, options);
  resolver.mapsLocales = true;
}
