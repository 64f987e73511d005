import { compareContent } from '../../../../shared/content-compare.js';
import { isRecord } from '../../../../shared/content-values.js';
import { isLocale } from '../../../../shared/locales.js';
import type { ContentChange } from '../../../../shared/schemas/content-store.js';
import { ENTRY_FIELDS } from './entry-model.js';

const FIELD_ORDER: readonly string[] = ENTRY_FIELDS;

/** Lists the editor shows as one comma-separated line are compared as that line. */
const LINE_LISTS = new Set(['tags', 'stack']);

/**
 * An entry's content as the comparison reads it: each language's texts (`text.english.title`) turned
 * into one translated field per text (`title.english`), so a changed title is one change with a row
 * per language, as the sections' translated fields are; tags and stack as the line the editor shows.
 * A draft can be any JSON: what does not fit is kept as it is.
 */
export function comparableEntry(content: unknown): Record<string, unknown> {
  if (!isRecord(content)) return {};
  const fields: Record<string, unknown> = {};
  const texts = isRecord(content.text) ? content.text : {};
  const otherTexts: Record<string, unknown> = {};
  for (const [locale, text] of Object.entries(texts)) {
    if (!isLocale(locale) || !isRecord(text)) {
      otherTexts[locale] = text;
      continue;
    }
    for (const [name, value] of Object.entries(text)) {
      fields[name] = { ...(isRecord(fields[name]) ? fields[name] : {}), [locale]: value };
    }
  }
  for (const [name, value] of Object.entries(content)) {
    if (name === 'text' && isRecord(value)) {
      if (Object.keys(otherTexts).length > 0) fields.text = otherTexts;
      continue;
    }
    fields[name] =
      LINE_LISTS.has(name) && Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? value.join(', ')
        : value;
  }
  const known = FIELD_ORDER.filter((name) => Object.hasOwn(fields, name));
  const others = Object.keys(fields)
    .filter((name) => !FIELD_ORDER.includes(name))
    .sort();
  return Object.fromEntries([...known, ...others].map((name) => [name, fields[name]]));
}

/**
 * What changed from one version of an entry to another, field by field (paths as `title.english`,
 * `gallery.1.caption.russian`); the same comparison as the sections' (shared/content-compare.ts).
 */
export function compareEntries(before: unknown, after: unknown): ContentChange[] {
  const [section] = compareContent({ entry: comparableEntry(before) }, { entry: comparableEntry(after) });
  const rank = (change: ContentChange) => {
    const index = FIELD_ORDER.indexOf(change.path.split('.')[0] ?? '');
    return index === -1 ? FIELD_ORDER.length : index;
  };
  // A field only the newer side has comes last from the comparison: put back in the editor's order.
  return (section?.changes ?? [])
    .map((change) => ({
      ...change,
      path: withoutEntry(change.path),
      ...(change.fromPath ? { fromPath: withoutEntry(change.fromPath) } : {}),
    }))
    .sort((first, second) => rank(first) - rank(second));
}

const withoutEntry = (path: string) => path.replace(/^entry\./, '');
