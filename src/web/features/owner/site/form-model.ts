import type { FieldErrorCode } from '../../../../shared/api-errors.js';
import { LOCALES, type Locale } from '../../../../shared/locales.js';
import { contentFiles, imagePathSchema } from '../../../../shared/schemas/content.js';
import { fieldErrorsFromIssues } from '../../../../shared/schemas/field-errors.js';

/**
 * The studio's forms, made from the shared content schemas (src/shared/schemas/content.ts): each
 * schema becomes a tree of field nodes, and the editor draws one control per node kind. A new field
 * in a schema appears in the form by itself; a schema kind the studio cannot draw becomes
 * `unsupported`, which `form-model.test.ts` refuses, and a field without a label in the studio's
 * translations fails the same test.
 */
export type SectionName = keyof typeof contentFiles;
export const SECTION_NAMES = Object.keys(contentFiles) as SectionName[];

interface NodeBase {
  /** Left out of the content when it is empty. */
  optional: boolean;
}

export type FieldNode = NodeBase &
  (
    | { kind: 'object'; fields: { key: string; node: FieldNode }[] }
    | { kind: 'translated'; max: number; multiline: boolean; html: boolean }
    | { kind: 'text'; max: number; multiline: boolean; format?: 'email' | 'url' }
    | { kind: 'picture' }
    | { kind: 'social-icon' }
    | { kind: 'number'; min?: number; max?: number }
    | { kind: 'list'; item: FieldNode; min: number; max: number }
    | { kind: 'unsupported'; type: string }
  );

/** The parts of a zod 4 schema the mapping reads (its definition and the bag of limits it keeps). */
interface SchemaLike {
  _zod: { def: { type: string; [key: string]: unknown }; bag?: Record<string, unknown> };
  description?: string;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  format?: string | null;
}

type Segment = string | number;
type Path = readonly Segment[];

/** Fields drawn differently from what their schema alone says, by path with `*` for list items. */
const SPECIAL_FIELDS: Record<string, 'html' | 'social-icon'> = {
  'footer.description': 'html',
  'footer.social_links.*.icon': 'social-icon',
};

/** The limits of a list schema (`.min()`, `.max()`), read from its checks. */
function listLimits(schema: SchemaLike): { min: number; max: number } {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of (schema._zod.def.checks as SchemaLike[] | undefined) ?? []) {
    const def = check._zod.def as { check?: string; minimum?: number; maximum?: number };
    if (def.check === 'min_length' && def.minimum !== undefined) min = def.minimum;
    if (def.check === 'max_length' && def.maximum !== undefined) max = def.maximum;
  }
  return { min, max };
}

const pattern = (path: Path) => path.map((segment) => (typeof segment === 'number' ? '*' : segment)).join('.');

function isTranslated(shape: Record<string, unknown>): boolean {
  const keys = Object.keys(shape);
  return keys.length === LOCALES.length && LOCALES.every((locale) => keys.includes(locale));
}

/** One schema as a field node; `path` is where it sits in the content (list items as 0). */
export function fieldNode(schema: unknown, path: Path, optional = false): FieldNode {
  const zod = schema as SchemaLike;
  const def = zod._zod.def;
  const special = SPECIAL_FIELDS[pattern(path)];
  if (schema === imagePathSchema || (def.type === 'string' && zod.description === imagePathSchema.description)) {
    return { kind: 'picture', optional };
  }
  switch (def.type) {
    case 'optional':
      return fieldNode(def.innerType, path, true);
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      if (isTranslated(shape)) {
        const max = (shape[LOCALES[0]] as SchemaLike).maxLength ?? Number.POSITIVE_INFINITY;
        return {
          kind: 'translated',
          max,
          multiline: max > 2_000 || special === 'html',
          html: special === 'html',
          optional,
        };
      }
      return {
        kind: 'object',
        optional,
        fields: Object.entries(shape).map(([key, child]) => ({ key, node: fieldNode(child, [...path, key]) })),
      };
    }
    case 'string': {
      if (special === 'social-icon') return { kind: 'social-icon', optional };
      const format = zod.format === 'email' || zod.format === 'url' ? zod.format : undefined;
      const max = zod.maxLength ?? Number.POSITIVE_INFINITY;
      return { kind: 'text', max, multiline: max > 2_000, ...(format ? { format } : {}), optional };
    }
    case 'number':
      return {
        kind: 'number',
        optional,
        ...(zod.minValue !== null && zod.minValue !== undefined && Number.isFinite(zod.minValue)
          ? { min: zod.minValue }
          : {}),
        ...(zod.maxValue !== null && zod.maxValue !== undefined && Number.isFinite(zod.maxValue)
          ? { max: zod.maxValue }
          : {}),
      };
    case 'array':
      return { kind: 'list', optional, item: fieldNode(def.element, [...path, 0]), ...listLimits(zod) };
    default:
      return { kind: 'unsupported', type: def.type, optional };
  }
}

/** Each section's form. */
export const SECTION_FORMS = Object.fromEntries(
  SECTION_NAMES.map((section) => [section, fieldNode(contentFiles[section].schema, [section])]),
) as Record<SectionName, FieldNode>;

/** Every field's key name in a form (the labels the studio's translations must have). */
export function fieldKeys(node: FieldNode): string[] {
  if (node.kind === 'object') return node.fields.flatMap(({ key, node: child }) => [key, ...fieldKeys(child)]);
  if (node.kind === 'list') return fieldKeys(node.item);
  return [];
}

/** The key names of a form's lists (each needs a name for one of its items). */
export function listKeys(node: FieldNode, key?: string): string[] {
  if (node.kind === 'object')
    return node.fields.flatMap(({ key: child, node: childNode }) => listKeys(childNode, child));
  if (node.kind === 'list') return [...(key ? [key] : []), ...listKeys(node.item)];
  return [];
}

/** Node kinds anywhere in a form, with the path of each (for the test that refuses `unsupported`). */
export function nodesOf(node: FieldNode, path: string): { path: string; node: FieldNode }[] {
  const here = [{ path, node }];
  if (node.kind === 'object') {
    return [...here, ...node.fields.flatMap(({ key, node: child }) => nodesOf(child, `${path}.${key}`))];
  }
  if (node.kind === 'list') return [...here, ...nodesOf(node.item, `${path}.*`)];
  return here;
}

/** A new, empty value for a node (a list's new item): required texts empty, so their errors show. */
export function emptyValue(node: FieldNode): unknown {
  switch (node.kind) {
    case 'object':
      return Object.fromEntries(
        node.fields
          .filter(({ node: child }) => !child.optional)
          .map(({ key, node: child }) => [key, emptyValue(child)]),
      );
    case 'translated':
      return Object.fromEntries(LOCALES.map((locale) => [locale, '']));
    case 'list':
      return [];
    case 'number':
      return node.min ?? 0;
    case 'social-icon':
      return 'github';
    default:
      return '';
  }
}

/** The value at a path of any JSON (undefined where the path leads nowhere). */
export function valueAt(value: unknown, path: Path): unknown {
  let here = value;
  for (const segment of path) {
    if (typeof here !== 'object' || here === null) return undefined;
    here = (here as Record<Segment, unknown>)[segment];
  }
  return here;
}

/** A copy of `value` with `path` set (undefined removes an object's key); missing objects are made. */
export function setAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [Segment, ...Segment[]];
  if (Array.isArray(value) && typeof head === 'number') {
    const copy = [...value];
    copy[head] = setAt(copy[head], rest, next);
    return copy;
  }
  const record = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  const child = setAt((record as Record<Segment, unknown>)[head], rest, next);
  const copy: Record<Segment, unknown> = { ...record };
  if (child === undefined) delete copy[head];
  else copy[head] = child;
  return copy;
}

export type ListAction =
  | { type: 'add'; item: unknown }
  | { type: 'remove'; index: number }
  | { type: 'duplicate'; index: number }
  | { type: 'move'; index: number; to: number };

/** A list after one of the editor's actions; anything not a list is taken as an empty one. */
export function changeList(list: unknown, action: ListAction): unknown[] {
  const items = Array.isArray(list) ? [...list] : [];
  switch (action.type) {
    case 'add':
      items.push(action.item);
      return items;
    case 'remove':
      items.splice(action.index, 1);
      return items;
    case 'duplicate':
      if (action.index < 0 || action.index >= items.length) return items;
      items.splice(action.index + 1, 0, structuredClone(items[action.index]));
      return items;
    case 'move': {
      const to = Math.max(0, Math.min(items.length - 1, action.to));
      if (action.index < 0 || action.index >= items.length || to === action.index) return items;
      const [item] = items.splice(action.index, 1);
      items.splice(to, 0, item);
      return items;
    }
  }
}

/**
 * Every problem of a draft as publishing names it (`section.path.language` and a field-error code),
 * from the same schemas and the same issue mapping as the server, so the form shows what a publish
 * would refuse before it is tried.
 */
export function draftProblems(content: unknown): Map<string, FieldErrorCode> {
  const problems = new Map<string, FieldErrorCode>();
  const sections = typeof content === 'object' && content !== null ? (content as Record<string, unknown>) : {};
  for (const section of SECTION_NAMES) {
    const result = contentFiles[section].schema.safeParse(sections[section]);
    if (result.success) continue;
    for (const error of fieldErrorsFromIssues(result.error.issues, sections[section], section)) {
      const field = error.field === section ? section : `${section}.${error.field}`;
      if (!problems.has(field)) problems.set(field, error.code);
    }
  }
  return problems;
}

/** The translated fields of a section that lack a text in some language: `[path, languages]`. */
export function missingTranslations(section: SectionName, content: unknown): { path: string; missing: Locale[] }[] {
  const found: { path: string; missing: Locale[] }[] = [];
  const walk = (node: FieldNode, value: unknown, path: Segment[]) => {
    if (node.kind === 'object') {
      for (const { key, node: child } of node.fields) walk(child, valueAt(value, [key]), [...path, key]);
    } else if (node.kind === 'list' && Array.isArray(value)) {
      value.forEach((item, index) => {
        walk(node.item, item, [...path, index]);
      });
    } else if (node.kind === 'translated' && !(node.optional && value === undefined)) {
      const missing = LOCALES.filter((locale) => {
        const text = valueAt(value, [locale]);
        return typeof text !== 'string' || text.trim() === '';
      });
      if (missing.length > 0 && missing.length < LOCALES.length) found.push({ path: path.join('.'), missing });
    }
  };
  walk(SECTION_FORMS[section], valueAt(content, [section]), [section]);
  return found;
}

/** The id of a field's control (or a group's), which publishing's problem links point at. */
export const fieldId = (path: string | Path) =>
  `field-${(typeof path === 'string' ? path : path.join('.')).replaceAll('.', '-')}`;

/** The keys whose text names a list item, in the order tried: a highlight's value, an entry's title… */
const NAMING_KEYS = ['value', 'title', 'name', 'label', 'id', 'url', 'icon'];

/** Longer texts are cut, so a label stays one line on a phone. */
const MAX_ITEM_WORDS = 40;

function shortText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\s+/g, ' ').trim();
  if (text === '') return undefined;
  return text.length > MAX_ITEM_WORDS ? `${text.slice(0, MAX_ITEM_WORDS - 1).trimEnd()}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A text or a translated text in `locale`, else in the first language that has it. */
function textIn(value: unknown, locale: Locale): string | undefined {
  if (!isRecord(value)) return shortText(value);
  const keys = Object.keys(value);
  if (keys.length === 0 || !keys.every((key) => (LOCALES as readonly string[]).includes(key))) return undefined;
  return shortText(value[locale]) ?? LOCALES.map((other) => shortText(value[other])).find(Boolean);
}

/**
 * A list item's own words, for its label ("8+" for a highlight, "Frontend developer" for a job): the
 * item itself when it is a text, else its first naming field that has one; undefined while it is empty.
 */
export function itemContent(item: unknown, locale: Locale): string | undefined {
  const own = textIn(item, locale);
  if (own !== undefined || !isRecord(item)) return own;
  for (const key of NAMING_KEYS) {
    if (!Object.hasOwn(item, key)) continue;
    const text = textIn(item[key], locale);
    if (text !== undefined) return text;
  }
  return undefined;
}

export type PathPart =
  | { kind: 'section'; section: string }
  | { kind: 'field'; key: string }
  | { kind: 'item'; list: string; index: number; content?: string }
  | { kind: 'language'; locale: Locale };

/**
 * A field's path (`about.experience.2.title.russian`) in parts to put in words: a list item stands
 * for its list and is named by its content in `content` when it has some (else by its place); a last
 * language segment is a language.
 */
export function pathParts(path: string, content: unknown, locale: Locale): PathPart[] {
  const segments = path.split('.');
  const parts: PathPart[] = [];
  let here: unknown = content;
  segments.forEach((segment, index) => {
    const value =
      (isRecord(here) || Array.isArray(here)) && Object.hasOwn(here, segment)
        ? (here as Record<string, unknown>)[segment]
        : undefined;
    const list = segments[index - 1];
    if (index === 0) {
      parts.push({ kind: 'section', section: segment });
    } else if (/^\d+$/.test(segment) && list !== undefined) {
      if (parts.at(-1)?.kind === 'field') parts.pop();
      const words = itemContent(value, locale);
      parts.push({ kind: 'item', list, index: Number(segment), ...(words ? { content: words } : {}) });
    } else if (index === segments.length - 1 && (LOCALES as readonly string[]).includes(segment)) {
      parts.push({ kind: 'language', locale: segment as Locale });
    } else {
      parts.push({ kind: 'field', key: segment });
    }
    here = value;
  });
  return parts;
}
