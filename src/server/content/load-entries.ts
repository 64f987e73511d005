import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isLocale, type Locale } from '../../shared/locales.js';
import { COLLECTIONS, type Collection, type EntryContent, entryLocales } from '../../shared/schemas/collections.js';
import type { SiteContent } from '../../shared/schemas/content.js';
import { entryFileName, parseEntryFiles } from './entry-files.js';
import { ContentError, loadContent, shownPath } from './load-content.js';

/** An entry read from its folder, `<collection>/<slug>/`. */
export type EntryFolder = {
  [Name in Collection]: { collection: Name; slug: string; content: EntryContent<Name>; folder: string };
}[Collection];

/** The entries a content folder holds, and every problem found in their files. */
export interface LoadedEntries {
  entries: EntryFolder[];
  problems: string[];
  /** The collections whose folder (`notes/`, `projects/`) exists: only their entries can have been removed. */
  collections: Collection[];
}

/** The language files of one entry folder, and a problem for each other Markdown file in it. */
function readEntryFolder(folder: string): { files: Partial<Record<Locale, string>>; problems: string[] } {
  const files: Partial<Record<Locale, string>> = {};
  const problems: string[] = [];
  for (const item of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    // Only Markdown files are the entry's: an editor's swap and backup files, or a folder of notes to
    // self, are left alone.
    if (!item.isFile() || item.name.startsWith('.') || !item.name.endsWith('.md')) continue;
    const locale = item.name.slice(0, -'.md'.length);
    if (isLocale(locale)) {
      files[locale] = readFileSync(path.join(folder, item.name), 'utf8');
    } else {
      problems.push(
        `${shownPath(path.join(folder, item.name))}: not a language's file: an entry's files are lotin.md, russian.md and english.md`,
      );
    }
  }
  return { files, problems };
}

/**
 * Reads every entry under `notes/` and `projects/` of a content folder (issue 27, item 3), checked as
 * the studio checks a publish, and the pictures they name as `loadContent` checks the sections'.
 * A content folder from before collections has neither folder: then there are no entries, and no problem.
 */
export function loadEntries(contentDir: string): LoadedEntries {
  const entries: EntryFolder[] = [];
  const problems: string[] = [];
  const collections: Collection[] = [];
  for (const collection of COLLECTIONS) {
    const collectionDir = path.join(contentDir, collection);
    if (!existsSync(collectionDir)) continue;
    if (!statSync(collectionDir).isDirectory()) {
      problems.push(`${shownPath(collectionDir)}: should be a folder, with a folder per entry inside`);
      continue;
    }
    collections.push(collection);
    const items = readdirSync(collectionDir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const item of items) {
      if (item.name.startsWith('.')) continue;
      const folder = path.join(collectionDir, item.name);
      if (!item.isDirectory()) {
        if (item.isFile() && item.name.endsWith('.md')) {
          problems.push(
            `${shownPath(folder)}: an entry is a folder: move it to ${collection}/${item.name.slice(0, -'.md'.length)}/<language>.md (lotin.md, russian.md or english.md)`,
          );
        }
        continue;
      }
      const read = readEntryFolder(folder);
      problems.push(...read.problems);
      const parsed = parseEntryFiles(collection, item.name, read.files, { folder: shownPath(folder) });
      if ('problems' in parsed) {
        problems.push(...parsed.problems);
        continue;
      }
      problems.push(...missingPictures(contentDir, folder, parsed.content));
      entries.push({ collection, slug: item.name, content: parsed.content, folder: shownPath(folder) } as EntryFolder);
    }
  }
  return { entries, problems, collections };
}

/** The cover and gallery pictures an entry names that are not under `images/`. */
function missingPictures(contentDir: string, folder: string, content: EntryContent): string[] {
  const [locale] = entryLocales(content);
  const file = shownPath(path.join(folder, entryFileName(locale ?? 'lotin')));
  const named: Array<[string, string]> = [];
  if (content.cover !== undefined) named.push(['cover', content.cover]);
  if ('gallery' in content) {
    content.gallery.forEach((item, index) => {
      named.push([`gallery[${index}].image`, item.image]);
    });
  }
  return named.flatMap(([field, picture]) => {
    const picturePath = path.join(contentDir, 'images', picture);
    return existsSync(picturePath) ? [] : [`${file}: ${field}: no file ${shownPath(picturePath)}`];
  });
}

/**
 * The whole content folder as start-up, the watcher and `content:import` read it: the five section
 * files (`loadContent`) and the collections' entries. Any problem throws one `ContentError` listing
 * every problem of every file, the sections' first.
 */
export function loadContentFolder(contentDir: string): { content: SiteContent; entries: LoadedEntries } {
  let content: SiteContent | undefined;
  const problems: string[] = [];
  try {
    content = loadContent(contentDir);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    problems.push(...error.problems);
  }
  const entries = loadEntries(contentDir);
  problems.push(...entries.problems);
  if (problems.length > 0 || !content) throw new ContentError(problems);
  return { content, entries };
}
