import { isLocale, type Locale } from './locales.js';

/** A JSON object (not an array, not null), as content's sections and list items are. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A translated field: an object whose keys are all languages (a draft may miss some). */
export function isTranslated(value: unknown): value is Partial<Record<Locale, unknown>> {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every(isLocale);
}
