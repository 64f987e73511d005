import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NoteContent } from '../../shared/schemas/collections.js';
import {
  createEntry,
  deleteEntry,
  entryBySlug,
  entryVersionByNumber,
  listEntryVersions,
  publishEntryVersion,
} from '../repositories/entry-repository.js';
import { pictureByPath } from '../repositories/picture-repository.js';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/helper.js';
import { serializeEntry } from './entry-files.js';
import { type EntryFilesOptions, publishEntryFiles } from './import-entry-files.js';
import { ContentError } from './load-content.js';
import { loadEntries } from './load-entries.js';

function note(slug: string, title = 'A note'): NoteContent {
  return {
    slug,
    status: 'published',
    date: '2026-11-20',
    tags: ['design'],
    text: {
      english: { title, summary: 'A summary', body: '## One\n\nText with `code`.' },
      russian: { title: 'Заметка', summary: 'Кратко', body: 'Текст' },
    },
  };
}

describe(`publishing the collections' files on ${testDialect}`, () => {
  let database: TestDatabase;
  let dir: string;
  let contentDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'sahifa-entry-import-'));
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  let folders = 0;
  beforeEach(() => {
    folders += 1;
    contentDir = path.join(dir, `content-${folders}`);
    mkdirSync(path.join(contentDir, 'notes'), { recursive: true });
  });

  function writeNote(content: NoteContent): void {
    const folder = path.join(contentDir, 'notes', content.slug);
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    for (const [locale, text] of Object.entries(serializeEntry('notes', content))) {
      writeFileSync(path.join(folder, `${locale}.md`), text);
    }
  }

  const contentFolderImport: EntryFilesOptions = { compareWith: 'files', takeDown: true };
  const importFolder = (options = contentFolderImport) =>
    publishEntryFiles(database.db, contentDir, loadEntries(contentDir), options);
  const sources = async (slug: string) => {
    const entry = await entryBySlug(database.db, 'notes', slug);
    return entry ? (await listEntryVersions(database.db, entry.id)).map((version) => version.source) : [];
  };
  const latestOf = async (slug: string) => {
    const entry = await entryBySlug(database.db, 'notes', slug);
    return entry?.latestVersion ? entryVersionByNumber(database.db, entry.latestVersion) : undefined;
  };

  it('creates an entry per new folder, rendered, and publishes again only the entries whose files changed', async () => {
    writeNote(note('first-1'));
    writeNote(note('second-1'));
    const first = await importFolder();
    expect(first.published.map(({ slug, created }) => [slug, created])).toEqual([
      ['first-1', true],
      ['second-1', true],
    ]);
    const latest = await latestOf('first-1');
    expect(latest).toMatchObject({ source: 'files', content: note('first-1') });
    expect(latest?.rendered.english?.html).toContain('<h2');
    expect(latest?.rendered.english?.headings).toEqual([expect.objectContaining({ depth: 2, text: 'One' })]);

    // A restart (or another process) with the same files publishes nothing.
    expect(await importFolder()).toEqual({ published: [], takenDown: [], skipped: [] });

    writeNote(note('second-1', 'A new title'));
    const second = await importFolder();
    expect(second.published.map(({ slug, created }) => [slug, created])).toEqual([['second-1', false]]);
    expect(await sources('first-1')).toEqual(['files']);
    expect(await sources('second-1')).toEqual(['files', 'files']);
  });

  it("keeps the studio's later edits while the files do not change, and publishes changed files over them", async () => {
    writeNote(note('edited-2'));
    await importFolder();
    const entry = await entryBySlug(database.db, 'notes', 'edited-2');
    if (!entry) throw new Error('no entry');
    const edited = note('edited-2', 'Edited in the studio');
    await publishEntryVersion(database.db, entry.id, { content: edited, rendered: {} }, { source: 'editor' });
    expect((await importFolder()).published).toEqual([]);
    expect((await latestOf('edited-2'))?.content).toEqual(edited);

    writeNote(note('edited-2', 'Edited in the file'));
    expect((await importFolder()).published).toHaveLength(1);
    expect((await latestOf('edited-2'))?.content.text.english?.title).toBe('Edited in the file');
    expect(await sources('edited-2')).toEqual(['files', 'editor', 'files']);
  });

  it('publishes nothing when the files hold what the latest version holds', async () => {
    const entry = await createEntry(database.db, 'notes', 'same-3');
    await publishEntryVersion(database.db, entry.id, { content: note('same-3'), rendered: {} }, { source: 'editor' });
    writeNote(note('same-3'));
    expect((await importFolder()).published).toEqual([]);
    expect(await sources('same-3')).toEqual(['editor']);
  });

  it('takes down an entry whose folder was removed, once, and never one made in the studio', async () => {
    writeNote(note('removed-4'));
    writeNote(note('kept-4'));
    await importFolder();
    // A version from the files carries no note of Sahifa's: its source says it, in the owner's language.
    expect((await latestOf('removed-4'))?.note).toBeNull();
    const studio = await createEntry(database.db, 'notes', 'studio-4');
    await publishEntryVersion(
      database.db,
      studio.id,
      { content: note('studio-4'), rendered: {} },
      { source: 'editor' },
    );

    rmSync(path.join(contentDir, 'notes', 'removed-4'), { recursive: true });
    const result = await importFolder();
    expect(result.takenDown.map(({ slug }) => slug)).toContain('removed-4');
    expect(result.takenDown.map(({ slug }) => slug)).not.toContain('studio-4');
    const takenDown = await latestOf('removed-4');
    expect(takenDown).toMatchObject({ source: 'files', content: { ...note('removed-4'), status: 'draft' } });
    // Why, in the language the owner reads the studio in (Uzbek until they choose another).
    expect(takenDown?.note).toBe('notes/removed-4 papkasi oʻchirildi: yozuv qoralamaga qaytdi');
    expect(await sources('removed-4')).toEqual(['files', 'files']);
    expect(await sources('studio-4')).toEqual(['editor']);

    // Published again from the studio, it stays published: its folder's removal was applied already.
    const entry = await entryBySlug(database.db, 'notes', 'removed-4');
    if (!entry) throw new Error('no entry');
    await publishEntryVersion(
      database.db,
      entry.id,
      { content: note('removed-4'), rendered: {} },
      { source: 'editor' },
    );
    expect((await importFolder()).takenDown.map(({ slug }) => slug)).not.toContain('removed-4');
    expect((await latestOf('removed-4'))?.content.status).toBe('published');
  });

  it('takes nothing down when the folder has no notes/ at all, nor for content:import', async () => {
    writeNote(note('lonely-5'));
    await importFolder();
    rmSync(path.join(contentDir, 'notes'), { recursive: true });
    expect((await importFolder()).takenDown.map(({ slug }) => slug)).not.toContain('lonely-5');
    mkdirSync(path.join(contentDir, 'notes'));
    expect(
      (await importFolder({ compareWith: 'latest', takeDown: false })).takenDown.map(({ slug }) => slug),
    ).not.toContain('lonely-5');
    expect((await latestOf('lonely-5'))?.content.status).toBe('published');
  });

  it("content:import publishes what differs from the latest version, the studio's edits included", async () => {
    writeNote(note('imported-6'));
    await importFolder();
    const entry = await entryBySlug(database.db, 'notes', 'imported-6');
    if (!entry) throw new Error('no entry');
    await publishEntryVersion(
      database.db,
      entry.id,
      { content: note('imported-6', 'X'), rendered: {} },
      { source: 'editor' },
    );
    const result = await importFolder({ compareWith: 'latest', takeDown: false, note: 'imported from elsewhere' });
    expect(result.published.map(({ slug }) => slug)).toEqual(['imported-6']);
    expect(await latestOf('imported-6')).toMatchObject({
      note: 'imported from elsewhere',
      content: note('imported-6'),
    });
  });

  it('skips a folder whose address a deleted or renamed entry holds, and does not take the renamed one down', async () => {
    writeNote(note('deleted-7'));
    writeNote(note('renamed-7'));
    await importFolder();
    const deleted = await entryBySlug(database.db, 'notes', 'deleted-7');
    const renamed = await entryBySlug(database.db, 'notes', 'renamed-7');
    if (!deleted || !renamed) throw new Error('no entry');
    await deleteEntry(database.db, deleted.id);
    await publishEntryVersion(
      database.db,
      renamed.id,
      { content: note('new-name-7'), rendered: {} },
      { source: 'editor' },
    );
    writeNote(note('deleted-7', 'Changed'));
    writeNote(note('renamed-7', 'Changed'));
    const result = await importFolder();
    expect(result.published).toEqual([]);
    expect(result.skipped).toEqual([
      expect.stringMatching(
        /notes\/deleted-7 was not published: the address \/notes\/deleted-7 belongs to another entry/,
      ),
      expect.stringMatching(/notes\/renamed-7 was not published/),
    ]);
    expect(result.takenDown.map(({ slug }) => slug)).not.toContain('new-name-7');
  });

  // Pictures are checked as uploads are, and the first code block loads the highlighter: slower on a busy machine.
  it('stores the pictures an entry shows, and publishes nothing when one is bad', { timeout: 60_000 }, async () => {
    mkdirSync(path.join(contentDir, 'images', 'notes'), { recursive: true });
    writeFileSync(
      path.join(contentDir, 'images', 'notes', 'cover-8.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
    );
    const covered = note('covered-8');
    covered.cover = 'notes/cover-8.svg';
    for (const texts of Object.values(covered.text)) texts.cover_alt = 'A square';
    writeNote(covered);
    await importFolder();
    expect(await pictureByPath(database.db, 'notes/cover-8.svg')).toBeDefined();

    writeFileSync(path.join(contentDir, 'images', 'notes', 'bad-8.svg'), 'not a picture');
    const bad = note('bad-8');
    bad.cover = 'notes/bad-8.svg';
    for (const texts of Object.values(bad.text)) texts.cover_alt = 'Broken';
    writeNote(bad);
    writeNote(note('other-8'));
    const error = await importFolder().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).problems).toEqual([expect.stringMatching(/^images\/notes\/bad-8\.svg: /)]);
    expect(await entryBySlug(database.db, 'notes', 'other-8')).toBeUndefined();
  });

  it('publishes the demo content in content/: three projects and two notes, then nothing more', {
    timeout: 60_000,
  }, async () => {
    cpSync(path.resolve('content'), contentDir, { recursive: true });
    const first = await importFolder();
    expect(first.published.map(({ collection, slug }) => `${collection}/${slug}`).sort()).toEqual([
      'notes/contrast-is-a-test',
      'notes/ozbek-matni-ekranda',
      'projects/bozor-market',
      'projects/kamalak-design-system',
      'projects/oqim-bank',
    ]);
    expect((await importFolder()).published).toEqual([]);
    const contrast = await latestOf('contrast-is-a-test');
    expect(contrast?.rendered.english?.headings.length).toBeGreaterThanOrEqual(3);
    expect(contrast?.rendered.english?.html).toContain('<pre');
    expect(Object.keys(contrast?.rendered ?? {})).toEqual(['lotin', 'russian', 'english']);
  });
});
