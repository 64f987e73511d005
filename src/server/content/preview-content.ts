import { createHash } from 'node:crypto';
import { isLocale, type Locale } from '../../shared/locales.js';
import { contentFiles, type SiteContent } from '../../shared/schemas/content.js';
import { type SchemaIssue, valueAt } from '../../shared/schemas/field-errors.js';
import { fill } from '../i18n/owner-texts.js';
import english from '../i18n/preview-markers/english.json' with { type: 'json' };
import lotin from '../i18n/preview-markers/lotin.json' with { type: 'json' };
import russian from '../i18n/preview-markers/russian.json' with { type: 'json' };
import { escapeHtml } from '../lib/escape-html.js';

/** The words a preview page marks a text with, in the page's language (checked by preview-content.test.ts). */
export const PREVIEW_MARKER_TEXTS: Record<Locale, typeof lotin> = { lotin, russian, english };

/** A text of the draft the preview cannot show as written: empty (`missing`) or not valid (`invalid`). */
export interface PreviewMarker {
  /** The field as publishing names it (`home.greeting.english`). */
  field: string;
  kind: 'missing' | 'invalid';
}

/** The draft made into content the site can render, with what had to be marked or taken from elsewhere. */
export interface DraftPreview {
  content: SiteContent;
  markers: readonly PreviewMarker[];
  /** Fields, list items and sections shown as published (or left out) because the draft's cannot be shown. */
  replaced: readonly string[];
}

// A marker's place in a text: characters of Unicode's private use area, which no keyboard types and
// the renderer and the sanitizer pass through as text; short enough to fit the shortest text field.
const MARK_START = '\uE000';
const MARK_END = '\uE001';
const MARKER = /\uE000(\d+)\uE001/g;
const STRAY_MARK = /[\uE000\uE001]/g;

/** A section is given up (shown as published) after this many rounds of repairs. */
const MAX_ROUNDS = 12;

type Path = (string | number)[];
const REMOVED = Symbol('removed');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text leaf: the issue is about a string's presence or length, which a marker can stand in for. */
function isTextIssue(issue: SchemaIssue & { expected?: string }): boolean {
  if (issue.code === 'invalid_type') return issue.expected === 'string';
  return (issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'string';
}

/** Sets the value at a path inside `root`; false when the path's parent is not there to hold it. */
function setAt(root: unknown, path: Path, value: unknown): boolean {
  const parent = valueAt(root, path.slice(0, -1));
  const key = path.at(-1);
  if (key === undefined || typeof parent !== 'object' || parent === null) return false;
  if (Array.isArray(parent) !== (typeof key === 'number')) return false;
  (parent as Record<string | number, unknown>)[key] = value;
  return true;
}

/** A copy of the draft's value without the marker characters (an owner's text never makes a marker). */
function withoutMarks(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(STRAY_MARK, '');
  if (Array.isArray(value)) return value.map(withoutMarks);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutMarks(item)]));
  return value;
}

/** Takes the list items marked REMOVED out of every list. */
function withoutRemoved(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== REMOVED).map(withoutRemoved);
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutRemoved(item)]));
  return value;
}

/**
 * One section of the draft as content: every problem is repaired in turn, the gentlest way first. A
 * text gets a marker; another value is taken from the published section; an optional one is left
 * out; a list item that still does not fit is left out. Undefined when the section cannot be made
 * valid (it is not an object, or the rounds run out): it is then shown as published.
 */
function previewSection(
  section: keyof typeof contentFiles,
  draft: unknown,
  published: unknown,
  markers: PreviewMarker[],
  replaced: string[],
): unknown {
  const { schema } = contentFiles[section];
  let value = withoutMarks(draft);
  // How far each path has got through the repairs, so a repair that did not help is not tried again.
  const steps = new Map<string, number>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    let removed = false;
    for (const issue of result.error.issues as (SchemaIssue & { expected?: string })[]) {
      const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
      if (issue.code === 'unrecognized_keys' && issue.keys) {
        const holder = valueAt(value, path);
        if (isRecord(holder)) for (const key of issue.keys) delete holder[key];
        continue;
      }
      if (path.length === 0) return undefined;
      const key = path.join('.');
      const field = `${section}.${key}`;
      const step = steps.get(key) ?? 0;
      const current = valueAt(value, path);
      if (step <= 0 && isTextIssue(issue)) {
        steps.set(key, 1);
        const empty = current === undefined || current === null || (typeof current === 'string' && !current.trim());
        markers.push({ field, kind: empty ? 'missing' : 'invalid' });
        if (setAt(value, path, `${MARK_START}${markers.length - 1}${MARK_END}`)) continue;
      }
      const fromPublished = valueAt(published, path);
      if (step <= 1 && fromPublished !== undefined) {
        steps.set(key, 2);
        if (setAt(value, path, structuredClone(fromPublished))) {
          replaced.push(field);
          continue;
        }
      }
      if (step <= 2 && typeof path.at(-1) === 'string' && current !== undefined) {
        // Left out: fine for an optional field; a required one then asks for a marker or its item goes.
        steps.set(key, 3);
        const holder = valueAt(value, path.slice(0, -1));
        if (isRecord(holder)) {
          delete holder[path.at(-1) as string];
          replaced.push(field);
          continue;
        }
      }
      const item = path.findLastIndex((segment) => typeof segment === 'number');
      if (item < 0) return undefined;
      const itemPath = path.slice(0, item + 1);
      if (!setAt(value, itemPath, REMOVED)) return undefined;
      replaced.push(`${section}.${itemPath.join('.')}`);
      removed = true;
    }
    if (removed) {
      // The items after a removed one move up: what was tried at their old places no longer applies.
      value = withoutRemoved(value);
      steps.clear();
    }
  }
  return undefined;
}

/**
 * The draft as content the preview can render, whatever state it is in: a text that is missing or
 * not valid carries a marker (shown in place by `markPreview`), other problems are repaired from the
 * published content, and a section that cannot be repaired is the published one. The result is
 * valid content, so the page is rendered and sanitized exactly as a valid draft's would be.
 */
export function previewContent(draft: unknown, published: SiteContent): DraftPreview {
  const markers: PreviewMarker[] = [];
  const replaced: string[] = [];
  const content: Record<string, unknown> = {};
  const source = isRecord(draft) ? draft : {};
  for (const section of Object.keys(contentFiles) as (keyof typeof contentFiles)[]) {
    const shown = Object.hasOwn(source, section)
      ? previewSection(section, source[section], published[section], markers, replaced)
      : undefined;
    if (shown === undefined) {
      // The markers of a section given up are not in its content: they are simply never shown.
      content[section] = published[section];
      replaced.push(section);
    } else {
      content[section] = shown;
    }
  }
  return { content: content as SiteContent, markers, replaced };
}

/** How the markers and the note look, inside the previewed page (allowed by its hash). */
const PREVIEW_STYLE =
  '.sahifa-preview-marker{display:inline-block;padding:0 .3em;border-radius:.2em;outline:2px dashed #9a3412;outline-offset:1px;background:#fff7ed;color:#7c2d12;font-style:normal;font-weight:700;line-height:1.3;text-transform:none;letter-spacing:normal}' +
  '.sahifa-preview-note{position:relative;z-index:1000;margin:0;padding:.5rem 1rem;border-bottom:2px dashed #9a3412;background:#fff7ed;color:#7c2d12;font:600 .9rem/1.4 system-ui,sans-serif}';

export const PREVIEW_STYLE_ELEMENT = `<style>${PREVIEW_STYLE}</style>`;
export const PREVIEW_STYLE_HASH = `'sha256-${createHash('sha256').update(PREVIEW_STYLE).digest('base64')}'`;

/**
 * The rendered page with each marker written out in the page's language: plain words in the head
 * and in attribute values (an empty alt text reads "Missing: English text"), a dashed `<mark>` in
 * the page's text, and a note at the top when parts are shown as published. Every word written is
 * escaped; the markup added is this function's own.
 */
export function markPreview(html: string, preview: DraftPreview, locale: Locale): string {
  const texts = PREVIEW_MARKER_TEXTS[locale];
  const words = (index: string): string | undefined => {
    const marker = preview.markers[Number(index)];
    if (!marker) return undefined;
    const language = marker.field.split('.').at(-1);
    return isLocale(language)
      ? fill(texts[`${marker.kind}_in`], { language: texts.languages[language] })
      : texts[marker.kind];
  };
  const asText = (text: string) =>
    text.replace(MARKER, (found, index: string) => {
      const shown = words(index);
      return shown === undefined ? found : escapeHtml(shown);
    });
  const headEnd = html.indexOf('</head>');
  const head = asText(html.slice(0, headEnd));
  // React writes every attribute value in double quotes and escapes `"` everywhere else, so a
  // quoted value is exactly `="…"`; a marker in one becomes words, one in text becomes an element.
  let body = html
    .slice(headEnd)
    .replace(/="[^"]*"/g, asText)
    .replace(MARKER, (found, index: string) => {
      const shown = words(index);
      const marker = preview.markers[Number(index)];
      if (shown === undefined || !marker) return found;
      return `<mark class="sahifa-preview-marker" data-field="${escapeHtml(marker.field)}" data-kind="${marker.kind}">${escapeHtml(shown)}</mark>`;
    });
  if (preview.replaced.length > 0) {
    body = body.replace(
      /<body[^>]*>/,
      (opening) => `${opening}<p class="sahifa-preview-note" role="note">${escapeHtml(texts.shown_published)}</p>`,
    );
  }
  // A marker cut by the page (a text shortened for a description) leaves nothing behind.
  return (head + body).replace(STRAY_MARK, '');
}
