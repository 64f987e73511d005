import { LOCALES, type Locale } from '../../shared/locales.js';
import { i18next } from './i18n.js';
import english from './studio-locales/english.json';
import lotin from './studio-locales/lotin.json';
import russian from './studio-locales/russian.json';

/** The content studio's translations, in their own namespace; imported only by the studio's lazy chunk. */
const studioTranslations = { lotin, russian, english } satisfies Record<Locale, typeof lotin>;

export function addStudioTranslations(): void {
  for (const code of LOCALES) {
    if (!i18next.hasResourceBundle(code, 'studio')) i18next.addResourceBundle(code, 'studio', studioTranslations[code]);
  }
}
