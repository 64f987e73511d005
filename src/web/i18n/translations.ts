import type { Locale } from '../../shared/locales.js';
import { TRANSLATION_CHUNKS, type Translation } from './i18n.js';

const load = async (locale: Locale) => (await TRANSLATION_CHUNKS[locale]()).default;
// Through the browser's chunks (i18n.ts): a static import beside their dynamic ones would leave those
// without effect, which the server build warns of (INEFFECTIVE_DYNAMIC_IMPORT).
const [lotin, russian, english] = await Promise.all([load('lotin'), load('russian'), load('english')]);

/**
 * Every language's texts at once, for the server renderer (and tests). The browser never imports this
 * module: it loads the one language it shows (i18n.ts), so a visitor downloads one set of texts.
 */
export const translations = { lotin, russian, english } satisfies Record<Locale, Translation>;
