import { LOCALES, type Locale } from '../../shared/locales.js';
import { i18next } from './i18n.js';
import english from './owner-locales/english.json';
import lotin from './owner-locales/lotin.json';
import russian from './owner-locales/russian.json';

/** The owner area's translations, in their own namespace; imported only by the lazily loaded owner area. */
const ownerTranslations = { lotin, russian, english } satisfies Record<Locale, typeof lotin>;

export function addOwnerTranslations(): void {
  for (const code of LOCALES) {
    if (!i18next.hasResourceBundle(code, 'owner')) i18next.addResourceBundle(code, 'owner', ownerTranslations[code]);
  }
}
