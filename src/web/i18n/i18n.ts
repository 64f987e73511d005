import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '../../shared/locales.js';
import type { Identity } from '../../shared/schemas/content.js';
import type lotin from './locales/lotin.json';
import { countInEachLanguage } from './plural-rules.js';

/** One JSON file per language with the same keys; `lotin` is the source the key types come from. */
export type Translation = typeof lotin;

/** Each language's texts in a chunk of its own, loaded when the browser first shows that language. */
export const TRANSLATION_CHUNKS: Record<Locale, () => Promise<{ default: Translation }>> = {
  lotin: () => import('./locales/lotin.json'),
  russian: () => import('./locales/russian.json'),
  english: () => import('./locales/english.json'),
};

function options(locale: Locale, resources: Partial<Record<Locale, Translation>>) {
  return {
    lng: locale,
    fallbackLng: false as const,
    supportedLngs: [...LOCALES],
    resources: Object.fromEntries(Object.entries(resources).map(([code, texts]) => [code, { translation: texts }])),
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  };
}

// Spec §3 lists me.name and me.surname among the translation keys: they come from the owner's content.
function addOwnerName(instance: I18n, code: Locale, identity: Identity | undefined): void {
  const me = { name: identity?.first_name[code] ?? '', surname: identity?.last_name[code] ?? '' };
  instance.addResourceBundle(code, 'translation', { me }, true, true);
}

let ownerIdentity: Identity | undefined;

/** The browser's one instance, shared by every component, starting with the one language it shows. */
export async function initI18n(locale: Locale, identity: Identity | undefined): Promise<void> {
  ownerIdentity = identity;
  const { default: texts } = await TRANSLATION_CHUNKS[locale]();
  await i18next.use(initReactI18next).init(options(locale, { [locale]: texts }));
  countInEachLanguage(i18next);
  addOwnerName(i18next, locale, identity);
}

/** Loads a language's texts into the browser's instance, once, before the interface switches to it. */
export async function loadLanguage(locale: Locale): Promise<void> {
  if (i18next.hasResourceBundle(locale, 'translation')) return;
  const { default: texts } = await TRANSLATION_CHUNKS[locale]();
  i18next.addResourceBundle(locale, 'translation', texts, true, true);
  addOwnerName(i18next, locale, ownerIdentity);
}

/** An instance of its own for each language the server renders pages in, with every language's texts. */
export async function createI18n(
  locale: Locale,
  identity: Identity,
  resources: Record<Locale, Translation>,
): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.init(options(locale, resources));
  countInEachLanguage(instance);
  for (const code of LOCALES) addOwnerName(instance, code, identity);
  return instance;
}

export { i18next };
