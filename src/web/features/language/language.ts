import { HTML_LANG, type Locale, resolveLocale } from '../../../shared/locales.js';
import { i18next, loadLanguage } from '../../i18n/i18n.js';
import { saveVisitorPreferences } from '../../shared/api/endpoints.js';
import { readSetting, writeSetting } from '../../shared/lib/settings-store.js';

/** Spec §4: read the saved locale; nothing saved or an unknown value saves and uses lotin. */
export async function loadSavedLocale(): Promise<Locale> {
  const saved = await readSetting('locale').catch(() => undefined);
  const locale = resolveLocale(saved);
  if (saved !== locale) await writeSetting('locale', locale).catch(() => undefined);
  return locale;
}

export function applyLocaleToDocument(locale: Locale): void {
  document.documentElement.lang = HTML_LANG[locale];
}

/** Switches the whole interface at once, then saves the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadLanguage(locale);
  await i18next.changeLanguage(locale);
  applyLocaleToDocument(locale);
  // The page has mirrored the choice into the `locale` cookie; the server sets it again, as Safari
  // keeps a script's cookie 7 days (decision 004). When that fails, the page's own cookie stands.
  void saveVisitorPreferences({ locale }).catch(() => undefined);
  await writeSetting('locale', locale);
}
