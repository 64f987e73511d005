import type { FieldErrorCode } from '../../../../shared/api-errors.js';
import { LOCALES, type Locale } from '../../../../shared/locales.js';
import type { Collection } from '../../../../shared/schemas/collections.js';
import { checkEntryContent } from '../../../../shared/schemas/entry-problems.js';
import { setAt, valueAt } from '../site/form-model.js';

export { setAt, valueAt };

/** An entry's fields in the order the editor shows them: its texts first, then what all languages share. */
export const ENTRY_FIELDS = [
  'title',
  'summary',
  'body',
  'role',
  'cover_alt',
  'slug',
  'status',
  'date',
  'tags',
  'cover',
  'group',
  'year',
  'stack',
  'links',
  'gallery',
] as const;

/** The per-language texts the editor shows side by side, in this order (the body has its own editor). */
export const LANGUAGE_FIELDS = {
  notes: ['title', 'summary', 'cover_alt'],
  projects: ['title', 'summary', 'role', 'cover_alt'],
} as const satisfies Record<Collection, readonly string[]>;
export type LanguageField = (typeof LANGUAGE_FIELDS)[Collection][number] | 'body';

const OPTIONAL_FIELDS = new Set<LanguageField>(['cover_alt', 'role']);

/** The id of an entry field's control, from its path as publishing names problems (`text.english.title`). */
export const entryFieldId = (path: string | readonly (string | number)[]) =>
  `entry-${(typeof path === 'string' ? path : path.join('.')).replaceAll('.', '-')}`;

/** Every problem the draft has now, by path, found as the server finds them when it publishes. */
export function entryProblems(collection: Collection, content: unknown): Map<string, FieldErrorCode> {
  const problems = new Map<string, FieldErrorCode>();
  for (const error of checkEntryContent(collection, content).errors ?? []) {
    if (!problems.has(error.field)) problems.set(error.field, error.code);
  }
  return problems;
}

/**
 * Sets one language's text. A language exists once any of its texts is written, and leaves the entry
 * when all are emptied; an optional text left empty leaves its language.
 */
export function setLanguageText(
  content: Record<string, unknown>,
  locale: Locale,
  field: LanguageField,
  value: string,
): Record<string, unknown> {
  const texts = (valueAt(content, ['text', locale]) ?? {}) as Record<string, unknown>;
  const next: Record<string, unknown> = { ...texts, [field]: value };
  if (value === '' && OPTIONAL_FIELDS.has(field)) delete next[field];
  const written = Object.values(next).some((text) => typeof text === 'string' && text !== '');
  if (!written) return setAt(content, ['text', locale], undefined) as Record<string, unknown>;
  // A new language starts with its required texts, so the problems name what is still to write.
  for (const required of ['title', 'summary', 'body']) if (next[required] === undefined) next[required] = '';
  return setAt(content, ['text', locale], next) as Record<string, unknown>;
}

/** The languages the draft is written in. */
export const draftLanguages = (content: unknown): Locale[] =>
  LOCALES.filter((locale) => valueAt(content, ['text', locale]) !== undefined);

const pad = (value: number) => String(value).padStart(2, '0');

/** An entry's date (`2026-11-20` or with a time and offset) as `<input type="datetime-local">` shows it, in this browser's zone. */
export function toLocalInput(date: unknown): string {
  if (typeof date !== 'string') return '';
  const time = Date.parse(date);
  if (Number.isNaN(time)) return '';
  const local = new Date(time);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/** An entry's date when it is still to come (a published entry waits for it), as an ISO time; else undefined. */
export function futureDate(date: unknown): string | undefined {
  const time = typeof date === 'string' ? Date.parse(date) : Number.NaN;
  return !Number.isNaN(time) && time > Date.now() ? new Date(time).toISOString() : undefined;
}

/** `<input type="datetime-local">`'s value as an entry's date: the time with this browser's offset (`+05:00`). */
export function fromLocalInput(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const local = new Date(year, month - 1, day, hour, minute);
  const offset = -local.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${value.slice(0, 16)}:00${zone}`;
}

/** A comma-separated list as the editor's inputs show it, and back (empty items dropped). */
export const listToText = (value: unknown): string => (Array.isArray(value) ? value.join(', ') : '');
export const textToList = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
