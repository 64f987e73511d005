import '../../../shared/lib/zod-without-eval.js';
import { z } from 'zod';
import type { FieldErrorCode } from '../../../../shared/api-errors.js';
import { isLocale, LOCALES, type Locale } from '../../../../shared/locales.js';
import { contentFiles } from '../../../../shared/schemas/content.js';
import { fieldErrorsFromIssues } from '../../../../shared/schemas/field-errors.js';
import {
  type FieldHint,
  type FieldLabel,
  type FieldMeta,
  fieldMeta,
  type ItemName,
} from '../../../../shared/schemas/field-meta.js';

/**
 * The studio's forms, made from the shared content schemas (src/shared/schemas/content.ts): each
 * schema becomes a tree of field nodes, and the editor draws one control per node kind. What a node
 * is comes from the schema alone, through zod's public API: its type and limits, and the studio's
 * metadata on it (`fieldMeta`, src/shared/schemas/field-meta.ts: label, hint, picture, HTML…). A new
 * field, or a new kind of entry, appears in the form by itself; a schema kind the studio cannot draw
 * becomes `unsupported`, which `form-model.test.ts` refuses, and so is a field without a label or a
 * label without a text in one of the studio's languages.
 */
export type SectionName = keyof typeof contentFiles;
export const SECTION_NAMES = Object.keys(contentFiles) as SectionName[];

interface NodeBase {
  /** Left out of the content when it is empty. */
  optional: boolean;
  /** The field's name (a field of an object has one; a list's item is named by its list). */
  label?: FieldLabel;
  hint?: FieldHint;
}

export type FieldNode = NodeBase &
  (
    | { kind: 'object'; fields: { key: string; node: FieldNode }[] }
    | { kind: 'translated'; max: number; multiline: boolean; lines?: number; html: boolean }
    | { kind: 'text'; max: number; multiline: boolean; lines?: number; format?: 'email' | 'url' }
    | { kind: 'picture' }
    | { kind: 'social-icon' }
    | { kind: 'number'; min?: number; max?: number }
    | { kind: 'list'; item: FieldNode; min: number; max: number; itemName?: ItemName }
    | { kind: 'unsupported'; type: string }
  );

type Segment = string | number;
type Path = readonly Segment[];

/** A limit zod keeps (`null` or infinite when there is none) as a number, or nothing. */
const limit = (value: number | null | undefined) =>
  value !== null && value !== undefined && Number.isFinite(value) ? value : undefined;

/** The limits of a list schema (`.min()`, `.max()`), as its JSON Schema states them. */
function listLimits(list: z.ZodArray): { min: number; max: number } {
  const json = z.toJSONSchema(list, { unrepresentable: 'any' });
  return { min: json.minItems ?? 0, max: json.maxItems ?? Number.POSITIVE_INFINITY };
}

const NOT_WRAPPED = { optional: false, meta: {} };

function isTranslated(shape: Record<string, unknown>): boolean {
  const keys = Object.keys(shape);
  return keys.length === LOCALES.length && LOCALES.every((locale) => keys.includes(locale));
}

/** A text schema's longest length (a translated text's, from its first language). */
function maxLength(schema: unknown): number {
  const text = schema instanceof z.ZodString || schema instanceof z.ZodStringFormat ? schema : undefined;
  return limit(text?.maxLength) ?? Number.POSITIVE_INFINITY;
}

/**
 * One schema as a field node. `around` is what the wrappers around it said (an optional's metadata
 * is the field's: its label sits on `field(text).optional()` as well as on `field(text.optional())`).
 */
export function fieldNode(
  schema: z.core.$ZodType,
  around: { optional: boolean; meta: FieldMeta } = NOT_WRAPPED,
): FieldNode {
  const meta = { ...fieldMeta.get(schema), ...around.meta };
  if (schema instanceof z.ZodOptional) return fieldNode(schema.unwrap(), { optional: true, meta });
  const base: NodeBase = {
    optional: around.optional,
    ...(meta.label ? { label: meta.label } : {}),
    ...(meta.hint ? { hint: meta.hint } : {}),
  };
  if (meta.kind) return { ...base, kind: meta.kind };
  if (schema instanceof z.ZodObject) {
    const shape: Record<string, z.ZodType> = schema.shape;
    if (isTranslated(shape)) {
      return {
        ...base,
        kind: 'translated',
        max: maxLength(shape[LOCALES[0]]),
        multiline: meta.multiline ?? false,
        ...(meta.lines ? { lines: meta.lines } : {}),
        html: meta.html ?? false,
      };
    }
    return {
      ...base,
      kind: 'object',
      fields: Object.entries(shape).map(([key, child]) => ({ key, node: fieldNode(child) })),
    };
  }
  if (schema instanceof z.ZodString || schema instanceof z.ZodStringFormat) {
    const format = schema.format === 'email' || schema.format === 'url' ? schema.format : undefined;
    return {
      ...base,
      kind: 'text',
      max: maxLength(schema),
      multiline: meta.multiline ?? false,
      ...(meta.lines ? { lines: meta.lines } : {}),
      ...(format ? { format } : {}),
    };
  }
  if (schema instanceof z.ZodNumber) {
    const min = limit(schema.minValue);
    const max = limit(schema.maxValue);
    return { ...base, kind: 'number', ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
  }
  if (schema instanceof z.ZodArray) {
    return {
      ...base,
      kind: 'list',
      item: fieldNode(schema.element),
      ...listLimits(schema),
      ...(meta.itemName ? { itemName: meta.itemName } : {}),
    };
  }
  return { ...base, kind: 'unsupported', type: schema instanceof z.ZodType ? schema.type : 'unknown' };
}

/** Each section's form. */
export const SECTION_FORMS = Object.fromEntries(
  SECTION_NAMES.map((section) => [section, fieldNode(contentFiles[section].schema)]),
) as Record<SectionName, FieldNode>;

const isSectionName = (name: unknown): name is SectionName => SECTION_NAMES.some((section) => section === name);

/**
 * The node of the field at a content path (`about.experience.2.title`, list items by any index), or
 * undefined where the path leaves the forms (a field an older version had).
 */
export function nodeAt(path: string | Path): FieldNode | undefined {
  const [section, ...rest] = typeof path === 'string' ? path.split('.') : path;
  let node: FieldNode | undefined = isSectionName(section) ? SECTION_FORMS[section] : undefined;
  for (const segment of rest) {
    if (node?.kind === 'object') node = node.fields.find(({ key }) => key === segment)?.node;
    else if (node?.kind === 'list' && /^\d+$/.test(String(segment))) node = node.item;
    else return undefined;
  }
  return node;
}

/** Every node of a form, with its path (list items as `*`). */
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

/** A link's address as a reader writes it: `github.com/me`, `me@example.uz` (no `https://`, `mailto:`). */
function withoutScheme(value: unknown): unknown {
  return typeof value === 'string'
    ? value
        .trim()
        .replace(/^(?:https?:\/\/|mailto:)/i, '')
        .replace(/\/$/, '')
    : value;
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
    const text = textIn(key === 'url' ? withoutScheme(item[key]) : item[key], locale);
    if (text !== undefined) return text;
  }
  return undefined;
}

export type PathPart =
  | { kind: 'section'; section: string }
  | { kind: 'field'; key: string; label?: FieldLabel }
  /** `label` and `itemName` are its list's. */
  | { kind: 'item'; list: string; index: number; content?: string; label?: FieldLabel; itemName?: ItemName }
  | { kind: 'language'; locale: Locale };

/**
 * A field's path (`about.experience.2.title.russian`) in parts to put in words: a list item stands
 * for its list and is named by its content in `content` when it has some (else by its place); a last
 * language segment is a language. Fields and lists the forms have carry their label and item name.
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
      const listNode = nodeAt(segments.slice(0, index));
      parts.push({
        kind: 'item',
        list,
        index: Number(segment),
        ...(words ? { content: words } : {}),
        ...(listNode?.label ? { label: listNode.label } : {}),
        ...(listNode?.kind === 'list' && listNode.itemName ? { itemName: listNode.itemName } : {}),
      });
    } else if (index === segments.length - 1 && isLocale(segment)) {
      parts.push({ kind: 'language', locale: segment });
    } else {
      const label = nodeAt(segments.slice(0, index + 1))?.label;
      parts.push({ kind: 'field', key: segment, ...(label ? { label } : {}) });
    }
    here = value;
  });
  return parts;
}
