import type { Locale } from '../../shared/locales.js';
import english from './locales/english.json';
import lotin from './locales/lotin.json';
import russian from './locales/russian.json';

/**
 * Every language's texts at once, for the server renderer (and tests). The browser never imports this
 * module: it loads the one language it shows (i18n.ts), so a visitor downloads one set of texts.
 */
export const translations = { lotin, russian, english } satisfies Record<Locale, typeof lotin>;
