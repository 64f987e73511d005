import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales.js';
import { entryLocales } from '../../shared/schemas/collections.js';
import { billionLaughs } from '../test/alias-bomb.js';
import { writeContentDir } from '../test/sample-content.js';
import { serializeEntry } from './entry-files.js';
import { ContentError, loadContent } from './load-content.js';
import { loadContentFolder, loadEntries } from './load-entries.js';

const note = (title = 'Title') =>
  `---\ntitle: ${title}\nsummary: Summary\nstatus: published\ndate: 2026-11-20\ntags: []\n---\n\nBody\n`;

describe('loadEntries', () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(mkdtempSync(path.join(tmpdir(), 'sahifa-entries-')), 'content');
    mkdirSync(dir);
  });
  afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };

  it('has no entries and no problem in a content folder from before collections', () => {
    expect(loadEntries(dir)).toEqual({ entries: [], problems: [], collections: [] });
  });

  it("reads each entry's folder, ignoring files that are not Markdown", () => {
    write('notes/hello/english.md', note('Hello'));
    write('notes/hello/russian.md', note('Привет'));
    write('notes/hello/.english.md.swp', 'x');
    write('notes/hello/english.md~', 'x');
    write('notes/.DS_Store', 'x');
    mkdirSync(path.join(dir, 'projects'));
    const { entries, problems, collections } = loadEntries(dir);
    expect(problems).toEqual([]);
    expect(collections).toEqual(['notes', 'projects']);
    expect(entries).toEqual([
      {
        collection: 'notes',
        slug: 'hello',
        folder: path.join(dir, 'notes', 'hello'),
        content: expect.objectContaining({ text: { russian: expect.anything(), english: expect.anything() } }),
      },
    ]);
  });

  it('names a Markdown file that is no language, an entry written as a file, and a missing picture', () => {
    write('notes/hello/uzbek.md', note());
    write('notes/hello/lotin.md', note());
    write('notes/loose.md', note());
    write('notes/covered/lotin.md', note().replace('tags: []\n', 'tags: []\ncover: notes/none.png\ncover_alt: Alt\n'));
    const { entries, problems } = loadEntries(dir);
    expect(problems).toEqual([
      `${dir}/notes/covered/lotin.md: cover: no file ${dir}/images/notes/none.png`,
      `${dir}/notes/hello/uzbek.md: not a language's file: an entry's files are lotin.md, russian.md and english.md`,
      `${dir}/notes/loose.md: an entry is a folder: move it to notes/loose/<language>.md (lotin.md, russian.md or english.md)`,
    ]);
    expect(entries.map((entry) => entry.slug)).toEqual(['covered', 'hello']);
  });

  it('names every problem of every entry, with its file', () => {
    write('notes/Bad Name/lotin.md', note());
    write('projects/p/english.md', note());
    expect(loadEntries(dir).problems).toEqual([
      `${dir}/notes/Bad Name: the folder's name is the entry's address (its slug): use lowercase letters, digits and single dashes (a-z, 0-9, -), at most 80`,
      `${dir}/projects/p/english.md: group: missing`,
      `${dir}/projects/p/english.md: year: missing`,
    ]);
  });
});

describe('loadContentFolder', () => {
  it("lists the sections' problems and the entries' in one ContentError, an alias bomb as one line", () => {
    const dir = writeContentDir(path.join(mkdtempSync(path.join(tmpdir(), 'sahifa-folder-')), 'content'));
    try {
      writeFileSync(path.join(dir, 'footer.yaml'), 'description: [');
      mkdirSync(path.join(dir, 'notes', 'bomb'), { recursive: true });
      writeFileSync(path.join(dir, 'notes', 'bomb', 'lotin.md'), `---\n${billionLaughs()}---\n\nBody\n`);
      const error = (() => {
        try {
          loadContentFolder(dir);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(ContentError);
      expect((error as ContentError).problems).toEqual([
        expect.stringMatching(/footer\.yaml at line \d+, column \d+: not valid YAML/),
        `${dir}/notes/bomb/lotin.md: not valid YAML (Excessive alias count indicates a resource exhaustion attack)`,
      ]);
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});

describe('the demo content in content/', () => {
  const contentDir = path.resolve('content');
  const { entries, problems } = loadEntries(contentDir);

  it('reads without problems: three projects and two notes', () => {
    expect(problems).toEqual([]);
    expect(entries.map(({ collection, slug }) => `${collection}/${slug}`)).toEqual([
      'notes/contrast-is-a-test',
      'notes/ozbek-matni-ekranda',
      'projects/bozor-market',
      'projects/kamalak-design-system',
      'projects/oqim-bank',
    ]);
  });

  it('is written byte for byte as serializeEntry writes it, so export then import round-trips', () => {
    for (const entry of entries) {
      const files = serializeEntry(entry.collection, entry.content);
      expect(Object.keys(files)).toEqual(entryLocales(entry.content));
      for (const locale of LOCALES) {
        const file = path.join(contentDir, entry.collection, entry.slug, `${locale}.md`);
        const text = files[locale];
        if (text === undefined) continue;
        expect(readFileSync(file, 'utf8'), file).toBe(text);
      }
    }
  });

  it("keeps each project's group, year, picture, tags and address from the portfolio", () => {
    const { portfolio } = loadContent(contentDir);
    for (const entry of entries) {
      if (entry.collection !== 'projects') continue;
      const item = portfolio.items.find((candidate) => candidate.id === entry.slug);
      expect(item, entry.slug).toBeDefined();
      if (!item) continue;
      const { content } = entry;
      expect(content).toMatchObject({ group: item.group, year: item.year, cover: item.image, tags: item.tags });
      expect(content.links.live).toBe(item.url);
      for (const locale of LOCALES) {
        expect(content.text[locale]?.cover_alt).toBe(item.image_alt[locale]);
        expect(content.text[locale]?.title).toBe(item.title[locale]);
      }
    }
  });

  it('has bodies of the lengths asked for, dated in 2026 before 26 November', () => {
    const words = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
    for (const entry of entries) {
      expect(entry.content.date >= '2026-01-01' && entry.content.date < '2026-11-26', entry.slug).toBe(true);
      for (const locale of entryLocales(entry.content)) {
        const body = entry.content.text[locale]?.body ?? '';
        const prose = body.replace(/```[\s\S]*?```/g, '');
        const [least, most] =
          entry.collection === 'projects' ? [250, 450] : entry.slug === 'contrast-is-a-test' ? [600, 900] : [300, 500];
        expect(words(prose), `${entry.slug}/${locale}`).toBeGreaterThanOrEqual(least);
        expect(words(body), `${entry.slug}/${locale}`).toBeLessThanOrEqual(most);
        expect(body.match(/^## /gm)?.length ?? 0, `${entry.slug}/${locale}`).toBeGreaterThanOrEqual(2);
      }
    }
    const [withCode, local] = entries;
    expect(entryLocales(withCode?.content ?? { text: {} })).toEqual(['lotin', 'russian', 'english']);
    expect(withCode?.content.text.english?.body).toMatch(/^```ts$/m);
    expect(entryLocales(local?.content ?? { text: {} })).toEqual(['lotin', 'russian']);
  });
});
