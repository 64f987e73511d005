import { isRecord, isTranslated } from './content-values.js';
import { LOCALES, type Locale } from './locales.js';
import type { TranslationField, TranslationReport } from './schemas/content-translations.js';

/** The content's sections in the order the studio lists them (a draft's other keys cannot be published). */
const SECTION_ORDER = ['identity', 'home', 'about', 'portfolio', 'footer'];

/** Real content is six levels deep; a draft can be any JSON, and walking it must stay cheap. */
const MAX_DEPTH = 24;
const MAX_VALUES = 200_000;

type Texts = Record<Locale, string>;
type Steps = Record<Locale, number>;

/** One translated field as the history knows it after the latest content. */
interface FieldHistory {
  section: string;
  /** Where it is in the latest content (`about.experience.2.title`). */
  path: string;
  /** Its texts, trimmed; '' for a language without one. */
  texts: Texts;
  /** The step at which each language's text last changed at all (written, edited, emptied). */
  changed: Steps;
  /**
   * The step at which each language's text was last edited on its own account (-1: never): a change
   * of a text that was there before, in a language that was not behind another. Filling a missing
   * text, or bringing a language that was behind up to date, changes it without making the others
   * look out of date.
   */
  edited: Steps;
}

/**
 * What a run of contents (oldest first) says about each translated field: a fold that needs only the
 * previous content's texts, so a long history is read once, in order, and a new version (or the
 * draft) is one more step. A translated field is known by its path, except that a list item with a
 * unique `id` (portfolio groups and projects) is known by its id and keeps its history when it moves.
 * Other list items are known by their place: moving one makes both places change, usually in every
 * language at once (not reported), but a language whose texts happen to be equal at both places looks
 * unchanged and then out of date.
 */
export interface TranslationHistory {
  /** How many contents were added. */
  readonly steps: number;
  /** The latest content's sections, in the studio's order. */
  readonly sections: readonly string[];
  readonly fields: ReadonlyMap<string, Readonly<FieldHistory>>;
}

export const EMPTY_TRANSLATION_HISTORY: TranslationHistory = { steps: 0, sections: [], fields: new Map() };

const everyLanguage = (value: number): Steps => ({ lotin: value, russian: value, english: value });

/** Whether another language was edited after this language's text last changed. */
function isBehind(field: Readonly<FieldHistory>, language: Locale): boolean {
  return LOCALES.some((other) => other !== language && field.edited[other] > field.changed[language]);
}

/** The history with one more content (a version, or the draft) at its end; `history` is left as it was. */
export function addContent(history: TranslationHistory, content: unknown): TranslationHistory {
  const step = history.steps;
  const { sections, found } = translatedFieldsOf(content);
  const fields = new Map<string, FieldHistory>();
  for (const { key, section, path, texts } of found) {
    const before = history.fields.get(key);
    if (!before) {
      // New (or back after it was removed): every language starts here.
      fields.set(key, { section, path, texts, changed: everyLanguage(step), edited: everyLanguage(-1) });
      continue;
    }
    const changedNow = LOCALES.filter((language) => before.texts[language] !== texts[language]);
    if (changedNow.length === 0) {
      fields.set(key, before.path === path ? before : { ...before, section, path });
      continue;
    }
    const changed = { ...before.changed };
    const edited = { ...before.edited };
    for (const language of changedNow) {
      changed[language] = step;
      const rewritten = before.texts[language] !== '' && texts[language] !== '';
      if (rewritten && !isBehind(before, language)) edited[language] = step;
    }
    fields.set(key, { section, path, texts, changed, edited });
  }
  return { steps: step + 1, sections, fields };
}

/**
 * The report for the latest content added: per section, the translated fields with a language
 * missing (while another has a text) or possibly out of date (its text last changed before another
 * language's was edited). Fields whose key is in `marks` ("same in every language") are left out
 * and listed as marked.
 */
export function translationReport(history: TranslationHistory, marks: ReadonlySet<string>): TranslationReport {
  const bySection = new Map<string, TranslationField[]>(history.sections.map((section) => [section, []]));
  const marked: TranslationReport['marked'] = [];
  for (const [key, field] of history.fields) {
    if (marks.has(key)) {
      marked.push({ key, path: field.path });
      continue;
    }
    const present = LOCALES.filter((language) => field.texts[language] !== '');
    if (present.length === 0) continue;
    const missing = LOCALES.filter((language) => field.texts[language] === '');
    const outdated = present.filter((language) => isBehind(field, language));
    if (missing.length === 0 && outdated.length === 0) continue;
    const changedIn = present.filter((other) =>
      outdated.some((language) => language !== other && field.edited[other] > field.changed[language]),
    );
    bySection.get(field.section)?.push({ key, path: field.path, missing, outdated, changedIn });
  }
  return { sections: [...bySection].map(([section, fields]) => ({ section, fields })), marked };
}

/** The report for the last of `contents` (oldest first; the draft last). */
export function translationReportOf(contents: Iterable<unknown>, marks: ReadonlySet<string>): TranslationReport {
  let history = EMPTY_TRANSLATION_HISTORY;
  for (const content of contents) history = addContent(history, content);
  return translationReport(history, marks);
}

interface FoundField {
  key: string;
  section: string;
  path: string;
  texts: Texts;
}

/** Every translated field of a content, in its order; any JSON is accepted (a draft may be anything). */
function translatedFieldsOf(content: unknown): { sections: string[]; found: FoundField[] } {
  if (!isRecord(content)) return { sections: [], found: [] };
  const sections = SECTION_ORDER.filter((section) => Object.hasOwn(content, section));
  const found: FoundField[] = [];
  let budget = MAX_VALUES;
  for (const section of sections) {
    // Depth first without recursion; children pushed in reverse so fields come out in content order.
    const pending: { value: unknown; path: string; key: string; depth: number }[] = [
      { value: content[section], path: section, key: section, depth: 0 },
    ];
    for (let next = pending.pop(); next && budget > 0; next = pending.pop(), budget--) {
      const { value, path, key, depth } = next;
      if (isTranslated(value)) {
        const texts = everyLanguageText(value);
        found.push({ key, section, path, texts });
        continue;
      }
      if (depth >= MAX_DEPTH) continue;
      if (Array.isArray(value)) {
        const ids = idsOf(value);
        for (let index = value.length - 1; index >= 0; index--) {
          const segment = ids ? `[${ids[index]}]` : `.${index}`;
          pending.push({ value: value[index], path: `${path}.${index}`, key: `${key}${segment}`, depth: depth + 1 });
        }
      } else if (isRecord(value)) {
        const keys = Object.keys(value);
        for (let index = keys.length - 1; index >= 0; index--) {
          const name = keys[index] as string;
          pending.push({ value: value[name], path: `${path}.${name}`, key: `${key}.${name}`, depth: depth + 1 });
        }
      }
    }
  }
  return { sections, found };
}

function everyLanguageText(value: Partial<Record<Locale, unknown>>): Texts {
  const text = (language: Locale) => {
    const given = value[language];
    return typeof given === 'string' ? given.trim() : '';
  };
  return { lotin: text('lotin'), russian: text('russian'), english: text('english') };
}

/** Each item's `id` when every item has a distinct text id, else undefined. */
function idsOf(items: unknown[]): string[] | undefined {
  const ids: string[] = [];
  for (const item of items) {
    if (!isRecord(item) || typeof item.id !== 'string' || item.id === '') return undefined;
    ids.push(item.id);
  }
  return new Set(ids).size === ids.length ? ids : undefined;
}
