import { diffWords } from 'diff';
import { HTML_LANG, isLocale, type Locale } from '../../../../shared/locales.js';
import type { ContentChange } from '../../../../shared/schemas/content-store.js';

/** One text of a change, old and new side by side: a language of a translated field, or a plain value. */
export interface ChangeRow {
  /** The text's full path (`home.greeting.russian`, `portfolio.items.2.title.english`). */
  path: string;
  /** The language the text is written in, when it is one of a translated field's. */
  locale?: Locale;
  /** Absent on the side that has no such text (an added or removed item). */
  before?: string;
  after?: string;
}

export interface WordPart {
  text: string;
  kind: 'same' | 'removed' | 'added';
}

/** A leaf of JSON as the text the owner wrote; undefined for nothing to show. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Every text inside a value with its path below it (`['title', 'russian']`), in the value's own order. */
function leaves(value: unknown, below: string[] = [], found = new Map<string, string>()): Map<string, string> {
  // Real content is six levels deep; a draft can be any JSON, and this must not recurse without end.
  if (below.length > 24) return found;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      leaves(item, [...below, String(index)], found);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) leaves((value as Record<string, unknown>)[key], [...below, key], found);
  } else {
    const text = textOf(value);
    if (text !== undefined) found.set(below.join('.'), text);
  }
  return found;
}

/**
 * A change as the texts that differ, each with its old and new text: one row per changed language of
 * a translated field, one for a plain value, one per text of an added or removed item. A moved item
 * has none (its texts are the same).
 */
export function changeRows(change: ContentChange): ChangeRow[] {
  if (change.kind === 'moved') return [];
  const before = leaves(change.before);
  const after = leaves(change.after);
  const keys = [...after.keys(), ...[...before.keys()].filter((key) => !after.has(key))];
  return keys
    .filter((key) => before.get(key) !== after.get(key))
    .map((key) => {
      const path = key === '' ? change.path : `${change.path}.${key}`;
      const last = path.split('.').at(-1);
      const row: ChangeRow = { path };
      if (isLocale(last)) row.locale = last;
      const old = before.get(key);
      const next = after.get(key);
      if (old !== undefined) row.before = old;
      if (next !== undefined) row.after = next;
      return row;
    });
}

const segmenters = new Map<string, Intl.Segmenter>();

/** Words as people of the language count them (the default splits Cyrillic letter by letter). */
function segmenter(locale: Locale | undefined): Intl.Segmenter {
  const tag = locale ? HTML_LANG[locale] : 'en';
  let found = segmenters.get(tag);
  if (!found) {
    found = new Intl.Segmenter(tag, { granularity: 'word' });
    segmenters.set(tag, found);
  }
  return found;
}

/** Past this many characters a side is shown whole, marked as changed: a word diff would be slow. */
const MAX_DIFF_LENGTH = 20_000;

/**
 * The old and the new text split into words kept, removed and added (`diff`'s word diff): the old
 * side shows what was removed, the new side what was added.
 */
export function wordParts(before: string, after: string, locale?: Locale): { before: WordPart[]; after: WordPart[] } {
  if (before.length + after.length > MAX_DIFF_LENGTH) {
    return {
      before: before ? [{ text: before, kind: 'removed' }] : [],
      after: after ? [{ text: after, kind: 'added' }] : [],
    };
  }
  const old: WordPart[] = [];
  const next: WordPart[] = [];
  for (const part of diffWords(before, after, { intlSegmenter: segmenter(locale) })) {
    if (part.removed) old.push({ text: part.value, kind: 'removed' });
    else if (part.added) next.push({ text: part.value, kind: 'added' });
    else {
      old.push({ text: part.value, kind: 'same' });
      next.push({ text: part.value, kind: 'same' });
    }
  }
  return { before: old, after: next };
}
