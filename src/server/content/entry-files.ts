import { isDeepStrictEqual } from 'node:util';
import { Document, parseDocument, type YAMLSeq } from 'yaml';
import type { z } from 'zod';
import { LOCALES, type Locale } from '../../shared/locales.js';
import {
  type Collection,
  type EntryContent,
  entryContentSchemas,
  entryLocales,
  entrySlugSchema,
  PROJECT_LINK_KINDS,
  type ProjectContent,
} from '../../shared/schemas/collections.js';
import { valueAt } from '../../shared/schemas/field-errors.js';
import { describeIssue, formatFieldPath } from './load-content.js';

/**
 * An entry of a collection as files (issue 27, item 3): `notes/<slug>/<language>.md` and
 * `projects/<slug>/<language>.md`, one per language the entry is written in. Each file is YAML front
 * matter between two `---` lines, a blank line, and the Markdown body:
 *
 *     ---
 *     title: …
 *     status: published
 *     ---
 *
 *     The body…
 *
 * The fields every language shares (status, date, tags, cover; for projects group, year, stack,
 * links and the gallery's pictures) are written in every language's file, so each file reads whole
 * on its own, and must agree; a language's own words (title, summary, cover_alt, role, its gallery
 * captions) are in its file only. The folder's name is the slug.
 *
 * `serializeEntry` writes the keys in one fixed order, so `parseEntryFiles` then `serializeEntry`
 * gives back the same bytes, and `content:export` then `content:import` round-trips.
 */

/** Keys of a language's front matter, in the order they are written. */
const FRONT_MATTER_KEYS: Record<Collection, readonly string[]> = {
  notes: ['title', 'summary', 'status', 'date', 'tags', 'cover', 'cover_alt'],
  projects: [
    'title',
    'summary',
    'role',
    'status',
    'date',
    'tags',
    'cover',
    'cover_alt',
    'group',
    'year',
    'stack',
    'links',
    'gallery',
  ],
};

/** A language's own words. */
const PER_LANGUAGE_KEYS = new Set(['title', 'summary', 'cover_alt', 'role']);

/** What a file that leaves out a list or the links means: none. The other fields must be written. */
const EMPTY_BY_DEFAULT: Partial<Record<string, () => unknown>> = {
  tags: () => [],
  stack: () => [],
  links: () => ({}),
  gallery: () => [],
};

/** The file of one language, as the owner finds it in the content folder. */
export function entryFileName(locale: Locale): string {
  return `${locale}.md`;
}

export type ParsedEntryFiles<Name extends Collection> = { content: EntryContent<Name> } | { problems: string[] };

interface FrontMatterFile {
  locale: Locale;
  file: string;
  fields: Record<string, unknown>;
  body: string;
}

/** A value as a problem shows it: short, on one line. */
function shownValue(value: unknown): string {
  if (value === undefined) return '(missing)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** Splits a file into its front matter (YAML fields) and its Markdown body; a problem when it has none. */
function splitFile(source: string, file: string): { frontMatter: string; body: string } | { problem: string } {
  // A byte-order mark or Windows line ends (an editor's choice) do not make a file invalid.
  let text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  if (text.includes('\r\n')) text = text.replaceAll('\r\n', '\n');
  const noFrontMatter = `${file}: no front matter: begin the file with a line of three dashes (---), the fields, and another --- line before the text`;
  if (!/^---[ \t]*\n/.test(text)) return { problem: noFrontMatter };
  const opening = text.indexOf('\n');
  // The first `---` line after the opening one closes the front matter; a `---` in the body is Markdown's.
  const closing = /\n---[ \t]*(?:\n|$)/.exec(text.slice(opening));
  if (!closing)
    return { problem: `${file}: the front matter is not closed: end the fields with a line of three dashes (---)` };
  const frontMatter = text.slice(opening + 1, opening + closing.index + 1);
  let body = text.slice(opening + closing.index + closing[0].length);
  // The blank line after the front matter and the file's last line end are the layout's, not the body's.
  if (body.startsWith('\n')) body = body.slice(1);
  if (body.endsWith('\n')) body = body.slice(0, -1);
  return { frontMatter, body };
}

/** A file's front matter as fields, or the one problem that stops reading it. */
function readFrontMatter(
  collection: Collection,
  locale: Locale,
  source: string,
  file: string,
): { read: FrontMatterFile; problems: string[] } | { problem: string } {
  const split = splitFile(source, file);
  if ('problem' in split) return split;
  const document = parseDocument(split.frontMatter);
  const [error] = document.errors;
  if (error) {
    // Lines counted in the whole file: the front matter starts on its second line.
    const where = error.linePos ? ` at line ${error.linePos[0].line + 1}, column ${error.linePos[0].col}` : '';
    return { problem: `${file}${where}: not valid YAML (${error.message.split('\n')[0]})` };
  }
  let fields: unknown;
  try {
    fields = document.toJS();
  } catch (error) {
    // An alias bomb (yaml's own alias limit) or nesting too deep for the stack: one line, as for the
    // section files (load-content.ts), never a stack trace.
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { problem: `${file}: not valid YAML (${reason})` };
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    return {
      problem: `${file}: the front matter should be fields, one "name: value" a line (title, summary, status, date…)`,
    };
  }
  const record = fields as Record<string, unknown>;
  const known = FRONT_MATTER_KEYS[collection];
  const problems = Object.keys(record)
    .filter((key) => !known.includes(key))
    .map((key) => `${file}: ${key}: unknown key (misspelt, or not a field here?)`);
  return { read: { locale, file, fields: record, body: split.body }, problems };
}

/** A file's shared field, with the empty value a list or the links have when left out. */
function sharedValue(file: FrontMatterFile, key: string): unknown {
  return key in file.fields ? file.fields[key] : EMPTY_BY_DEFAULT[key]?.();
}

/** A file's gallery as its pictures, each with the file's caption; a problem when it is not a list of them. */
function readGallery(file: FrontMatterFile): {
  items: Array<{ image: unknown; caption: unknown }>;
  problems: string[];
} {
  const gallery = sharedValue(file, 'gallery');
  if (!Array.isArray(gallery)) {
    return {
      items: [],
      problems: [`${file.file}: gallery: should be a list of pictures, each with image and caption`],
    };
  }
  const problems: string[] = [];
  const items = gallery.map((item: unknown, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push(`${file.file}: gallery[${index}]: should be a picture: image and caption`);
      return { image: undefined, caption: undefined };
    }
    const fields = item as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      if (key !== 'image' && key !== 'caption') {
        problems.push(`${file.file}: gallery[${index}].${key}: unknown key (misspelt, or not a field here?)`);
      }
    }
    return { image: fields.image, caption: fields.caption };
  });
  return { items, problems };
}

/** Where a schema issue of the merged entry is, in the owner's files: the file and the field in it. */
function locate(
  path: readonly PropertyKey[],
  files: FrontMatterFile[],
  folder: string,
): { file: string; field: readonly PropertyKey[] } {
  const fileOf = (locale: unknown) => files.find((file) => file.locale === locale)?.file;
  if (path[0] === 'text') {
    const file = fileOf(path[1]);
    if (file) return { file, field: path[2] === 'body' ? ['the text below the front matter'] : path.slice(2) };
    return { file: folder, field: [] };
  }
  if (path[0] === 'gallery' && path[2] === 'caption') {
    const file = fileOf(path[3]);
    if (file) return { file, field: path.slice(0, 3) };
  }
  // A shared field is in every file: the first one names it.
  return { file: files[0]?.file ?? folder, field: path };
}

/**
 * Reads an entry from its files (`files`: each language's file's text), checks it as the studio's
 * publish does (`entryContentSchemas`), and answers its content, or every problem found, each one line
 * naming the file (`<folder>/<language>.md`) and the field. `folder` is the entry's folder as the owner
 * should see it (default `<collection>/<slug>`); its name is the slug.
 */
export function parseEntryFiles<Name extends Collection>(
  collection: Name,
  slug: string,
  files: Partial<Record<Locale, string>>,
  { folder = `${collection}/${slug}` }: { folder?: string } = {},
): ParsedEntryFiles<Name> {
  const problems: string[] = [];
  if (!entrySlugSchema.safeParse(slug).success) {
    problems.push(
      `${folder}: the folder's name is the entry's address (its slug): use lowercase letters, digits and single dashes (a-z, 0-9, -), at most 80`,
    );
  }
  const read: FrontMatterFile[] = [];
  for (const locale of LOCALES) {
    const source = files[locale];
    if (source === undefined) continue;
    const result = readFrontMatter(collection, locale, source, `${folder}/${entryFileName(locale)}`);
    if ('problem' in result) {
      problems.push(result.problem);
      continue;
    }
    problems.push(...result.problems);
    read.push(result.read);
  }
  if (LOCALES.every((locale) => files[locale] === undefined)) {
    problems.push(`${folder}: no language's file: write at least one of ${LOCALES.map(entryFileName).join(', ')}`);
  }
  const [first] = read;
  if (!first) return { problems };

  // The shared fields: each file against the first.
  const shared = FRONT_MATTER_KEYS[collection].filter((key) => !PER_LANGUAGE_KEYS.has(key) && key !== 'gallery');
  for (const key of shared) {
    for (const other of read.slice(1)) {
      const ours = sharedValue(first, key);
      const theirs = sharedValue(other, key);
      if (!isDeepStrictEqual(ours, theirs)) {
        problems.push(
          `${first.file} and ${other.file}: ${key}: the files differ (${shownValue(ours)}, ${shownValue(theirs)}); a field every language shares must be the same in each file`,
        );
      }
    }
  }

  const entry: Record<string, unknown> = { slug };
  for (const key of shared) {
    const value = sharedValue(first, key);
    if (value !== undefined) entry[key] = value;
  }
  const text: Partial<Record<Locale, Record<string, unknown>>> = {};
  for (const file of read) {
    const texts: Record<string, unknown> = {};
    for (const key of FRONT_MATTER_KEYS[collection]) {
      if (PER_LANGUAGE_KEYS.has(key) && key in file.fields) texts[key] = file.fields[key];
      if (key === 'summary') texts.body = file.body;
    }
    text[file.locale] = texts;
  }
  entry.text = text;

  if (collection === 'projects') {
    // The gallery's pictures are shared, their captions each file's own.
    const galleries = read.map((file) => ({ file, ...readGallery(file) }));
    const [firstGallery] = galleries;
    for (const gallery of galleries) problems.push(...gallery.problems);
    const images = (items: Array<{ image: unknown }>) => items.map((item) => item.image);
    for (const other of galleries.slice(1)) {
      if (firstGallery && !isDeepStrictEqual(images(firstGallery.items), images(other.items))) {
        problems.push(
          `${first.file} and ${other.file.file}: gallery: the pictures differ (${shownValue(images(firstGallery.items))}, ${shownValue(images(other.items))}); each file lists the same pictures in the same order, with its own captions`,
        );
      }
    }
    entry.gallery = (firstGallery?.items ?? []).map(({ image }, index) => {
      const caption: Partial<Record<Locale, unknown>> = {};
      for (const { file, items } of galleries) {
        const value = items[index]?.caption;
        if (value !== undefined) caption[file.locale] = value;
      }
      return { image, caption };
    });
  }

  const result = entryContentSchemas[collection].safeParse(entry);
  if (!result.success) {
    problems.push(...schemaProblems(result.error.issues, entry, read, folder));
  }
  if (problems.length > 0 || !result.success) return { problems };
  return { content: result.data as EntryContent<Name> };
}

function schemaProblems(
  issues: readonly z.core.$ZodIssue[],
  entry: Record<string, unknown>,
  files: FrontMatterFile[],
  folder: string,
): string[] {
  return issues.flatMap((issue) => {
    // The folder's name was checked above, in the owner's words.
    if (issue.path[0] === 'slug') return [];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        const { file, field } = locate([...issue.path, key], files, folder);
        return `${file}: ${formatFieldPath(field)}: unknown key (misspelt, or not a field here?)`;
      });
    }
    const { file, field } = locate(issue.path, files, folder);
    const name = field.length > 0 ? formatFieldPath(field) : '(the whole entry)';
    return [`${file}: ${name}: ${describeIssue(issue, valueAt(entry, issue.path))}`];
  });
}

/** An ordered mapping of the fields that are set. */
function defined(fields: Array<[string, unknown]>): Array<[string, unknown]> {
  return fields.filter(([, value]) => value !== undefined);
}

/**
 * An entry's files: for each language it is written in, its file's text, laid out as `parseEntryFiles`
 * reads it, with the keys in one fixed order so the same content always gives the same bytes.
 */
export function serializeEntry<Name extends Collection>(
  collection: Name,
  content: EntryContent<Name>,
): Partial<Record<Locale, string>> {
  const files: Partial<Record<Locale, string>> = {};
  for (const locale of entryLocales(content)) {
    const texts = content.text[locale];
    if (!texts) continue;
    const project = collection === 'projects' ? (content as ProjectContent) : undefined;
    const projectTexts = project?.text[locale];
    const fields = defined([
      ['title', texts.title],
      ['summary', texts.summary],
      ['role', projectTexts?.role],
      ['status', content.status],
      ['date', content.date],
      ['tags', content.tags],
      ['cover', content.cover],
      ['cover_alt', texts.cover_alt],
      ...(project
        ? defined([
            ['group', project.group],
            ['year', project.year],
            ['stack', project.stack],
            [
              'links',
              Object.fromEntries(
                PROJECT_LINK_KINDS.flatMap((kind) =>
                  project.links[kind] === undefined ? [] : [[kind, project.links[kind]]],
                ),
              ),
            ],
            [
              'gallery',
              project.gallery.map(({ image, caption }) =>
                Object.fromEntries(
                  defined([
                    ['image', image],
                    ['caption', caption[locale]],
                  ]),
                ),
              ),
            ],
          ])
        : []),
    ]);
    const document = new Document(Object.fromEntries(fields));
    // Short lists on one line, as the section files write theirs (`tags: [Figma, React]`).
    for (const key of ['tags', 'stack']) {
      const list = document.get(key, true) as YAMLSeq | undefined;
      if (list) list.flow = true;
    }
    // No folding: a long title or summary stays one line, so an edit changes one line.
    const frontMatter = document.toString({ lineWidth: 0, flowCollectionPadding: false });
    files[locale] = `---\n${frontMatter}---\n\n${texts.body}\n`;
  }
  return files;
}
