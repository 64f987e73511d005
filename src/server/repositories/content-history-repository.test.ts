import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NoteContent } from '../../shared/schemas/collections.js';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/helper.js';
import { sampleContent } from '../test/sample-content.js';
import { thinContentHistory, thinEntryHistory } from './content-history-repository.js';
import {
  type ContentSource,
  contentVersionByNumber,
  listContentVersions,
  publishContentVersion,
  restoreContentVersion,
  saveContentDraft,
} from './content-repository.js';
import {
  createEntry,
  type EntrySource,
  entryVersionByNumber,
  listEntryVersions,
  publishEntryVersion,
  restoreEntryVersion,
  saveEntryDraft,
} from './entry-repository.js';

const NOW = new Date('2026-11-26T12:00:00Z');

describe(`thinning the content history on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => database.drop());

  /** Publishes one version at `at`, its content marked with its number so the test can tell them apart. */
  async function publishAt(
    at: string,
    {
      source = 'editor',
      filesHash,
      restoredFrom,
    }: { source?: ContentSource; filesHash?: string; restoredFrom?: number } = {},
  ) {
    const content = sampleContent();
    content.identity.email = `${at.replace(/[^0-9]/g, '')}@example.com`;
    return (await publishContentVersion(database.db, content, { source, filesHash, restoredFrom }, new Date(at)))
      .number;
  }

  type Save = string | { at: string; source: ContentSource; filesHash?: string; restoredFrom?: number };

  /** Publishes a version at each time (`08:00`) of `day`, in order; a save may say what kind it is. */
  async function publishOn(day: string, ...saves: Save[]) {
    for (const save of saves) {
      const { at, ...options } = typeof save === 'string' ? { at: save } : save;
      await publishAt(`${day}T${at}:00Z`, options);
    }
  }

  const numbers = async () =>
    (await listContentVersions(database.db, { limit: 1000 })).map((version) => version.number).sort((a, b) => a - b);

  it('keeps every version of the last 30 days, then the last of each day, and every version something refers to', async () => {
    const { db } = database;
    // 1 September: three saves (1-3); the last stays.
    await publishOn('2026-09-01', '08:00', '09:00', '10:00');
    // 2 September: the latest folder import (4), a version restored later (5), two more saves (6, 7).
    await publishOn('2026-09-02', { at: '08:00', source: 'files', filesHash: 'folder' }, '09:00', '10:00', '11:00');
    // 3 September: versions the draft (8) and a set-aside draft (9, 10) refer to, two more saves (11, 12).
    await publishOn('2026-09-03', '08:00', '09:00', '10:00', '11:00', '12:00');
    // 4 September: a restore of version 5 (13, kept, and so is 5), one made before restores named
    // their version (14, kept), then a save (15).
    await publishOn(
      '2026-09-04',
      { at: '08:00', source: 'restore', restoredFrom: 5 },
      { at: '08:30', source: 'restore' },
      '09:00',
    );
    // 27 October, the day 30 days ago: before the line (16, 17) the last of those stays; after it (18), all.
    await publishOn('2026-10-27', '08:00', '10:00', '14:00');
    // The last 30 days: every save stays, several a day included (19, 20); 21 is published.
    await publishOn('2026-11-20', '08:00', '08:05');
    await publishOn('2026-11-26', '11:00');
    await saveContentDraft(db, { content: {}, basedOn: 8, revision: 0 });
    await db
      .insertInto('content_set_aside_drafts')
      .values({ id: 'kept', content: '{}', based_on: 9, set_aside_at: '2026-09-05T00:00:00Z', restored_version: 10 })
      .execute();

    // Two processes at once: each deletes what the other has not, and neither fails.
    const deleted = await Promise.all([
      thinContentHistory(db, { keepDays: 30, now: NOW }),
      thinContentHistory(db, { keepDays: 30, now: NOW }),
    ]);
    expect(deleted[0] + deleted[1]).toBe(5);
    expect(await numbers()).toEqual([3, 4, 5, 7, 8, 9, 10, 12, 13, 14, 15, 17, 18, 19, 20, 21]);
    // Once thinned, again changes nothing.
    expect(await thinContentHistory(db, { keepDays: 30, now: NOW })).toBe(0);

    // A kept version reads whole; a deleted one is gone; the next number follows the latest, never reused.
    expect((await contentVersionByNumber(db, 3))?.content.identity.email).toBe('20260901100000@example.com');
    expect(await contentVersionByNumber(db, 2)).toBeUndefined();
    expect(await publishAt('2026-11-26T11:30:00Z')).toBe(22);
    expect((await listContentVersions(db, { before: 8, limit: 3 })).map((version) => version.number)).toEqual([
      7, 5, 4,
    ]);
  });

  it('keeps the published version when nothing was published for months, and a version a restore copied, which restores again', async () => {
    const { db } = database;
    await publishAt('2026-06-01T08:00:00Z'); // 1
    await publishAt('2026-06-01T09:00:00Z'); // 2
    await publishAt('2026-06-02T08:00:00Z'); // 3
    await publishAt('2026-06-02T09:00:00Z'); // 4
    const first = await contentVersionByNumber(db, 1);
    if (!first) throw new Error('version 1 was published');
    const restore = (at: string) => restoreContentVersion(db, first, { note: 'back to June' }, new Date(at));
    expect((await restore('2026-06-03T08:00:00Z')).published.number).toBe(5);
    await publishAt('2026-06-03T09:00:00Z'); // 6
    await publishAt('2026-06-04T09:00:00Z'); // 7, published

    expect(await thinContentHistory(db, { keepDays: 30, now: NOW })).toBe(1);
    expect(await numbers()).toEqual([1, 2, 4, 5, 6, 7]);

    // The kept old version restores again, as the newest.
    const again = await restore('2026-11-26T11:00:00Z');
    expect(again.published.number).toBe(8);
    expect((await contentVersionByNumber(db, 8))?.content).toEqual(first.content);
  });

  it('keeps as many days as it is told', async () => {
    const { db } = database;
    await publishAt('2026-11-20T08:00:00Z'); // 1
    await publishAt('2026-11-20T09:00:00Z'); // 2
    await publishAt('2026-11-26T11:00:00Z'); // 3
    expect(await thinContentHistory(db, { keepDays: 7, now: NOW })).toBe(0);
    expect(await thinContentHistory(db, { keepDays: 5, now: NOW })).toBe(1);
    expect(await numbers()).toEqual([2, 3]);
  });
});

describe(`thinning the notes' and projects' histories on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => database.drop());

  const note = (slug: string, title: string): NoteContent => ({
    slug,
    status: 'published',
    date: '2026-09-01',
    tags: [],
    text: { english: { title, summary: 'A note.', body: title } },
  });

  /** Publishes a version of the entry at `at` (its title says when), answering its number. */
  async function publishAt(id: string, slug: string, at: string, source: EntrySource = 'editor') {
    const rendered = { english: { html: `<p>${at}</p>`, headings: [], words: 1 } };
    return (await publishEntryVersion(database.db, id, { content: note(slug, at), rendered }, { source }, new Date(at)))
      .number;
  }

  const numbers = async (id: string) =>
    (await listEntryVersions(database.db, id, { limit: 1000 })).map((version) => version.number).sort((a, b) => a - b);

  it('keeps every version of the last 30 days, then the last of each day per entry, and every version something refers to', async () => {
    const { db } = database;
    const a = await createEntry(db, 'notes', 'a', new Date('2026-09-01T07:00:00Z'));
    const b = await createEntry(db, 'notes', 'b', new Date('2026-09-01T07:00:00Z'));
    const on = (entry: { id: string; slug: string }, at: string, source?: EntrySource) =>
      publishAt(entry.id, entry.slug, at, source);
    // 1 September, both entries: each keeps its own last of the day (4 for a, 5 for b), not the day's last of all.
    await on(a, '2026-09-01T08:00:00Z', 'files'); // 1: a's files, but not its latest from the files
    await on(a, '2026-09-01T09:00:00Z'); // 2
    await on(b, '2026-09-01T09:30:00Z'); // 3
    await on(a, '2026-09-01T10:00:00Z'); // 4
    await on(b, '2026-09-01T11:00:00Z'); // 5
    // 2 September: a's latest from the files (6), a version restored later (7), the day's last (8).
    await on(a, '2026-09-02T08:00:00Z', 'files');
    await on(a, '2026-09-02T09:00:00Z');
    await on(a, '2026-09-02T10:00:00Z');
    // 3 September, b: its draft's base (9), a set-aside draft's base (10) and the version that set it aside (11), a
    // plain save (12), the day's last (13).
    for (const hour of ['08', '09', '10', '11', '12']) await on(b, `2026-09-03T${hour}:00:00Z`);
    // 4 September: a restore of 7 (14) and a save (15); then recent saves of both, every one kept.
    const seven = await entryVersionByNumber(db, 7);
    if (!seven) throw new Error('version 7 was published');
    await restoreEntryVersion(db, seven, { note: null }, new Date('2026-09-04T08:00:00Z'));
    await on(a, '2026-09-04T09:00:00Z');
    await on(a, '2026-11-20T08:00:00Z'); // 16
    await on(a, '2026-11-20T08:05:00Z'); // 17
    await on(b, '2026-11-26T11:00:00Z'); // 18
    await saveEntryDraft(db, b.id, { content: {}, basedOn: 9, revision: 0 });
    await db
      .insertInto('entry_set_aside_drafts')
      .values({
        id: 'kept',
        entry_id: b.id,
        content: '{}',
        based_on: 10,
        set_aside_at: '2026-09-05T00:00:00Z',
        restored_version: 11,
      })
      .execute();

    // Two processes at once: each deletes what the other has not, and neither fails.
    const deleted = await Promise.all([
      thinEntryHistory(db, { keepDays: 30, now: NOW }),
      thinEntryHistory(db, { keepDays: 30, now: NOW }),
    ]);
    expect(deleted[0] + deleted[1]).toBe(4);
    expect(await numbers(a.id)).toEqual([4, 6, 7, 8, 14, 15, 16, 17]);
    expect(await numbers(b.id)).toEqual([5, 9, 10, 11, 13, 18]);
    expect(await thinEntryHistory(db, { keepDays: 30, now: NOW })).toBe(0);
    // The sections' history is another table: thinning the entries leaves it alone, and the reverse.
    expect(await thinContentHistory(db, { keepDays: 30, now: NOW })).toBe(0);

    // A kept version reads whole, and the next number follows the latest of all.
    expect((await entryVersionByNumber(db, 8))?.content.text.english?.title).toBe('2026-09-02T10:00:00Z');
    expect(await on(b, '2026-11-26T11:30:00Z')).toBe(19);
  });
});
