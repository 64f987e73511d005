import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '../../shared/locales.js';
import type { Identity } from '../../shared/schemas/content.js';
import english from './locales/english.json';
import lotin from './locales/lotin.json';
import russian from './locales/russian.json';

/** One JSON file per language with the same keys; `lotin` is the source the key types come from. */
export const translations = { lotin, russian, english } satisfies Record<Locale, typeof lotin>;

export async function initI18n(locale: Locale, identity: Identity | undefined): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    resources: Object.fromEntries(LOCALES.map((code) => [code, { translation: translations[code] }])),
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  // Spec §3 lists me.name and me.surname among the translation keys: they come from the owner's content.
  for (const code of LOCALES) {
    const me = { name: identity?.first_name[code] ?? '', surname: identity?.last_name[code] ?? '' };
    i18next.addResourceBundle(code, 'translation', { me }, true, true);
  }
}

export { i18next };
