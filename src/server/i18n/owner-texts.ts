import type { Locale } from '../../shared/locales.js';
import english from './owner-notifications/english.json' with { type: 'json' };
import lotin from './owner-notifications/lotin.json' with { type: 'json' };
import russian from './owner-notifications/russian.json' with { type: 'json' };

/**
 * What the owner reads in e-mails and Telegram (and Sahifa's own notes in the studio's history, in the
 * studio's language), one JSON file per language with the same keys
 * (checked by src/web/i18n/translations.test.ts), typed from the Uzbek source. The server sends
 * them in the owner's language (`noticeLocale`: OWNER_LOCALE, or the choice in Settings).
 */
export type OwnerTexts = typeof lotin;

export const OWNER_TEXTS: Record<Locale, OwnerTexts> = { lotin, russian, english };

/**
 * A text with its `{{placeholders}}` filled in one pass: a visitor's name that itself reads
 * `{{email}}` or `$&` stays as written.
 */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}
