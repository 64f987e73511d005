import type { Locale } from '../../../shared/locales.js';
import englishFlag from '../../assets/flags/english.svg';
import lotinFlag from '../../assets/flags/lotin.svg';
import russianFlag from '../../assets/flags/russian.svg';

/**
 * Each language's name in itself (spec §3: "lotin (O'zbek), english, russian"): the same in every
 * interface language, so visitors find their own language whatever is on screen.
 */
export const LOCALE_LABELS: Record<Locale, { label: string; flag: string }> = {
  lotin: { label: "O'zbek", flag: lotinFlag },
  russian: { label: 'Русский', flag: russianFlag },
  english: { label: 'English', flag: englishFlag },
};
