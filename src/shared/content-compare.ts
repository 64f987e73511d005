import { isRecord, isTranslated } from './content-values.js';
import { LOCALES } from './locales.js';
import type { ContentChange, SectionChanges } from './schemas/content-store.js';

/** The content's sections in the order the studio lists them; a draft's unknown keys come after. */
const SECTION_ORDER = ['identity', 'home', 'about', 'portfolio', 'footer'];

/**
 * Compares two contents field by field, per section (`ContentChange` says what each difference
 * holds: a translated field is one change naming its languages; a removed list item is named by its
 * place in the older content; a moved one, known by its `id`, by both places). Either side may be a draft that is
 * incomplete or invalid (any JSON), so nothing here relies on the content's schema; it only knows
 * what a translated field looks like (an object keyed by languages) and that list items with an
 * `id` keep it when they move.
 */
export function compareContent(before: unknown, after: unknown): SectionChanges[] {
  const beforeSections = isRecord(before) ? before : {};
  const afterSections = isRecord(after) ? after : {};
  const names = [
    ...SECTION_ORDER,
    ...[...new Set([...Object.keys(beforeSections), ...Object.keys(afterSections)])]
      .filter((name) => !SECTION_ORDER.includes(name))
      .sort(),
  ];
  return names
    .filter((name) => Object.hasOwn(beforeSections, name) || Object.hasOwn(afterSections, name))
    .map((section) => {
      const changes: ContentChange[] = [];
      compareValues(beforeSections[section], afterSections[section], [section], [section], changes);
      return { section, changes };
    });
}

type Segment = string | number;

const MAX_DEPTH = 24;

/** Past this many item pairs a list is compared by position: a draft's list may be any length. */
const MAX_MATCHED_PAIRS = 250_000;

function compareValues(
  before: unknown,
  after: unknown,
  beforePath: Segment[],
  afterPath: Segment[],
  changes: ContentChange[],
): void {
  if (isEqual(before, after)) return;
  // Real content is six levels deep; a draft can be any JSON, and this must not recurse without end.
  if (afterPath.length > MAX_DEPTH) {
    changes.push({ path: pathText(afterPath), kind: 'changed', before, after });
    return;
  }
  if (before === undefined) {
    changes.push({ path: pathText(afterPath), kind: 'added', after });
    return;
  }
  if (after === undefined) {
    changes.push({ path: pathText(beforePath), kind: 'removed', before });
    return;
  }
  if (isTranslated(before) && isTranslated(after)) {
    const languages = LOCALES.filter((locale) => !isEqual(before[locale], after[locale]));
    changes.push({ path: pathText(afterPath), kind: 'changed', languages, before, after });
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    compareLists(before, after, beforePath, afterPath, changes);
    return;
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = [...Object.keys(before), ...Object.keys(after).filter((key) => !Object.hasOwn(before, key))];
    for (const key of keys) {
      compareValues(
        Object.hasOwn(before, key) ? before[key] : undefined,
        Object.hasOwn(after, key) ? after[key] : undefined,
        [...beforePath, key],
        [...afterPath, key],
        changes,
      );
    }
    return;
  }
  changes.push({ path: pathText(afterPath), kind: 'changed', before, after });
}

/**
 * Lists are matched so that one item added at the top reads as one addition, not as every item
 * changed: items with a unique `id` (portfolio groups and projects) by their id, others by a longest
 * common run of unchanged items, the items left between two unchanged ones paired by position.
 */
function compareLists(
  before: unknown[],
  after: unknown[],
  beforePath: Segment[],
  afterPath: Segment[],
  changes: ContentChange[],
): void {
  const at = (path: Segment[], index: number) => [...path, index];
  const beforeIds = idsOf(before);
  const afterIds = idsOf(after);
  if (beforeIds && afterIds) {
    const matched =
      before.length * after.length <= MAX_MATCHED_PAIRS
        ? longestCommonPairs(beforeIds, afterIds, (a, b) => a === b)
        : [];
    const kept = new Set(matched.map(([index]) => index));
    const beforeIndex = new Map(beforeIds.map((id, index) => [id, index]));
    const afterIndex = new Map(afterIds.map((id, index) => [id, index]));
    beforeIds.forEach((id, index) => {
      if (!afterIndex.has(id))
        changes.push({ path: pathText(at(beforePath, index)), kind: 'removed', before: before[index] });
    });
    afterIds.forEach((id, index) => {
      const oldIndex = beforeIndex.get(id);
      if (oldIndex === undefined) {
        changes.push({ path: pathText(at(afterPath, index)), kind: 'added', after: after[index] });
        return;
      }
      if (!kept.has(oldIndex)) {
        changes.push({
          path: pathText(at(afterPath, index)),
          kind: 'moved',
          fromPath: pathText(at(beforePath, oldIndex)),
        });
      }
      compareValues(before[oldIndex], after[index], at(beforePath, oldIndex), at(afterPath, index), changes);
    });
    return;
  }
  const beforeKeys = before.length * after.length <= MAX_MATCHED_PAIRS ? canonicalTexts(before) : undefined;
  const afterKeys = beforeKeys ? canonicalTexts(after) : undefined;
  const matched = beforeKeys && afterKeys ? longestCommonPairs(beforeKeys, afterKeys, (a, b) => a === b) : [];
  const anchors = [...matched, [before.length, after.length] as const];
  let beforeStart = 0;
  let afterStart = 0;
  for (const [beforeAnchor, afterAnchor] of anchors) {
    const paired = Math.min(beforeAnchor - beforeStart, afterAnchor - afterStart);
    for (let offset = 0; offset < paired; offset++) {
      const b = beforeStart + offset;
      const a = afterStart + offset;
      compareValues(before[b], after[a], at(beforePath, b), at(afterPath, a), changes);
    }
    for (let b = beforeStart + paired; b < beforeAnchor; b++) {
      changes.push({ path: pathText(at(beforePath, b)), kind: 'removed', before: before[b] });
    }
    for (let a = afterStart + paired; a < afterAnchor; a++) {
      changes.push({ path: pathText(at(afterPath, a)), kind: 'added', after: after[a] });
    }
    beforeStart = beforeAnchor + 1;
    afterStart = afterAnchor + 1;
  }
}

/** Each item as text with its keys sorted, so equal items compare as equal texts; undefined if too deep. */
function canonicalTexts(items: unknown[]): string[] | undefined {
  const sorted = (_key: string, value: unknown) =>
    isRecord(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, value[key]]),
        )
      : value;
  try {
    return items.map((item) => JSON.stringify(item, sorted) ?? 'undefined');
  } catch {
    return undefined;
  }
}

/** Each item's `id` when every item has a distinct text id, else undefined. */
function idsOf(items: unknown[]): string[] | undefined {
  const ids = items.map((item) => (isRecord(item) && typeof item.id === 'string' ? item.id : undefined));
  if (ids.some((id) => id === undefined)) return undefined;
  return new Set(ids).size === ids.length ? (ids as string[]) : undefined;
}

/** The index pairs of a longest common subsequence (the lists are at most a few hundred items). */
function longestCommonPairs<Item>(
  before: readonly Item[],
  after: readonly Item[],
  same: (a: Item, b: Item) => boolean,
): (readonly [number, number])[] {
  const width = after.length + 1;
  const lengths = new Uint16Array((before.length + 1) * width);
  for (let b = before.length - 1; b >= 0; b--) {
    for (let a = after.length - 1; a >= 0; a--) {
      lengths[b * width + a] = same(before[b] as Item, after[a] as Item)
        ? (lengths[(b + 1) * width + a + 1] ?? 0) + 1
        : Math.max(lengths[(b + 1) * width + a] ?? 0, lengths[b * width + a + 1] ?? 0);
    }
  }
  const pairs: (readonly [number, number])[] = [];
  let b = 0;
  let a = 0;
  while (b < before.length && a < after.length) {
    if (same(before[b] as Item, after[a] as Item)) {
      pairs.push([b, a]);
      b++;
      a++;
    } else if ((lengths[(b + 1) * width + a] ?? 0) >= (lengths[b * width + a + 1] ?? 0)) {
      b++;
    } else {
      a++;
    }
  }
  return pairs;
}

/** Deep equality of JSON values, without recursion (a draft may nest deeper than the stack). */
function isEqual(first: unknown, second: unknown): boolean {
  const pending: [unknown, unknown][] = [[first, second]];
  for (let pair = pending.pop(); pair; pair = pending.pop()) {
    const [a, b] = pair;
    if (a === b) continue;
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || a.length !== b.length) return false;
      for (const [index, item] of a.entries()) pending.push([item, b[index]]);
    } else if (isRecord(a) && isRecord(b)) {
      const keys = Object.keys(a);
      if (keys.length !== Object.keys(b).length || !keys.every((key) => Object.hasOwn(b, key))) return false;
      for (const key of keys) pending.push([a[key], b[key]]);
    } else {
      return false;
    }
  }
  return true;
}

function pathText(path: readonly Segment[]): string {
  return path.join('.');
}
