import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '../../shared/locales.js';
import type { Identity } from '../../shared/schemas/content.js';
import english from './locales/english.json';
import lotin from './locales/lotin.json';
import russian from './locales/russian.json';

/** One JSON file per language with the same keys; `lotin` is the source the key types come from. */
export const translations = { lotin, russian, english } satisfies Record<Locale, typeof lotin>;

function options(locale: Locale) {
  return {
    lng: locale,
    fallbackLng: false as const,
    supportedLngs: [...LOCALES],
    resources: Object.fromEntries(LOCALES.map((code) => [code, { translation: translations[code] }])),
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  };
}

// Spec §3 lists me.name and me.surname among the translation keys: they come from the owner's content.
function addOwnerName(instance: I18n, identity: Identity | undefined): void {
  for (const code of LOCALES) {
    const me = { name: identity?.first_name[code] ?? '', surname: identity?.last_name[code] ?? '' };
    instance.addResourceBundle(code, 'translation', { me }, true, true);
  }
}

/** The browser's one instance, shared by every component. */
export async function initI18n(locale: Locale, identity: Identity | undefined): Promise<void> {
  await i18next.use(initReactI18next).init(options(locale));
  addOwnerName(i18next, identity);
}

/** An instance of its own for each language the server renders pages in. */
export async function createI18n(locale: Locale, identity: Identity): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.init(options(locale));
  addOwnerName(instance, identity);
  return instance;
}

export { i18next };
