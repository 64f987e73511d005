import { useTranslation } from 'react-i18next';
import { type Locale, resolveLocale } from '../../../shared/locales.js';
import type { LocalizedText } from '../../../shared/schemas/content.js';

export function useLocale(): Locale {
  return resolveLocale(useTranslation().i18n.language);
}

/** Picks the current language's text out of the owner's three-language content. */
export function useLocalize(): (text: LocalizedText) => string {
  const locale = useLocale();
  return (text) => text[locale];
}
