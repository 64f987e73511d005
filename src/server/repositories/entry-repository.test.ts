import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteContent, RenderedEntry } from '../../shared/schemas/collections.js';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/helper.js';
import {
  bringBackEntrySetAsideDraft,
  createEntry,
  deleteEntry,
  EntryMissingError,
  entriesRevision,
  entryById,
  entryBySlug,
  entryDraft,
  entrySetAsideDraftById,
  entryVersionByNumber,
  listEntries,
  listEntrySetAsideDrafts,
  listEntryVersions,
  publishEntryVersion,
  publishedEntries,
  restoreEntryVersion,
  SlugTakenError,
  saveEntryDraft,
  slugRedirect,
} from './entry-repository.js';

function note(slug: string, overrides: Partial<NoteContent> = {}): NoteContent {
  return {
    slug,
    status: 'published',
    date: '2026-11-20',
    tags: ['craft'],
    text: { english: { title: `About ${slug}`, summary: 'A short note.', body: 'Some *words* here.' } },
    ...overrides,
  };
}

const rendered = (words = 3): RenderedEntry => ({
  english: { html: '<p>Some <em>words</em> here.</p>', headings: [], words },
});

const NOW = new Date('2026-11-26T12:00:00Z');

describe(`collections' entries on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  /** Publishes `content` to the entry from the editor, with a rendering of three words. */
  const publish = (id: string, content: NoteContent) =>
    publishEntryVersion(database.db, id, { content, rendered: rendered() }, { source: 'editor' });

  it('has no entries and revision 0 at first', async () => {
    const { db } = database;
    expect(await entriesRevision(db)).toBe(0);
    expect(await publishedEntries(db)).toEqual([]);
    expect(await listEntries(db, 'notes')).toEqual([]);
  });

  it('creates an entry holding its slug, refused to a second entry of the collection but not of the other', async () => {
    const { db } = database;
    const created = await createEntry(db, 'notes', 'first-steps', NOW);
    expect(created).toEqual({
      id: expect.any(String),
      collection: 'notes',
      slug: 'first-steps',
      createdAt: NOW.toISOString(),
      deletedAt: null,
      latestVersion: null,
      visibleFrom: null,
    });
    expect(await entryById(db, created.id)).toEqual(created);
    expect(await entryBySlug(db, 'notes', 'first-steps')).toEqual(created);
    expect(await entryBySlug(db, 'projects', 'first-steps')).toBeUndefined();
    await expect(createEntry(db, 'notes', 'first-steps')).rejects.toBeInstanceOf(SlugTakenError);
    const project = await createEntry(db, 'projects', 'first-steps');
    expect(project.collection).toBe('projects');
    // Two creations of one slug at once: exactly one gets it.
    const raced = await Promise.allSettled([createEntry(db, 'notes', 'raced'), createEntry(db, 'notes', 'raced')]);
    expect(raced.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((raced.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(
      SlugTakenError,
    );
    expect((await listEntries(db, 'notes')).filter((entry) => entry.slug === 'raced')).toHaveLength(1);
  });

  it("saves an entry's draft only from the revision it started from", async () => {
    const { db } = database;
    const { id } = await createEntry(db, 'notes', 'drafted');
    const other = await createEntry(db, 'notes', 'drafted-too');
    expect(await entryDraft(db, id)).toBeUndefined();
    const first = await saveEntryDraft(db, id, { content: { slug: 'drafted' }, basedOn: null, revision: 0 }, NOW);
    expect(first).toEqual({
      saved: true,
      draft: { content: { slug: 'drafted' }, basedOn: null, revision: 1, updatedAt: NOW.toISOString() },
    });
    expect(await saveEntryDraft(db, id, { content: { slug: 'x' }, basedOn: null, revision: 1 })).toMatchObject({
      saved: true,
      draft: { revision: 2 },
    });
    // A second tab still at revision 1, or one that thinks there is no draft, is refused with the current one.
    const stale = await saveEntryDraft(db, id, { content: { slug: 'old' }, basedOn: null, revision: 1 });
    expect(stale).toMatchObject({ saved: false, current: { revision: 2, content: { slug: 'x' } } });
    expect(await saveEntryDraft(db, id, { content: {}, basedOn: null, revision: 0 })).toMatchObject({
      saved: false,
      current: { revision: 2 },
    });
    // Each entry has its own draft.
    expect(await saveEntryDraft(db, other.id, { content: {}, basedOn: null, revision: 0 })).toMatchObject({
      saved: true,
      draft: { revision: 1 },
    });
    expect((await listEntries(db, 'notes')).find((entry) => entry.id === id)?.draft).toEqual({
      revision: 2,
      updatedAt: expect.any(String),
      basedOn: null,
    });
  });

  it('numbers versions in one sequence over every entry, and keeps each whole', async () => {
    const { db } = database;
    const a = await createEntry(db, 'notes', 'numbered-a');
    const b = await createEntry(db, 'projects', 'numbered-b');
    const before = await entriesRevision(db);
    const one = await publishEntryVersion(
      db,
      a.id,
      { content: note('numbered-a'), rendered: rendered() },
      { source: 'editor' },
      NOW,
    );
    const two = await publishEntryVersion(
      db,
      b.id,
      { content: note('numbered-b'), rendered: rendered(5) },
      { source: 'files', note: 'from the folder' },
      NOW,
    );
    const three = await publishEntryVersion(
      db,
      a.id,
      { content: note('numbered-a', { tags: [] }), rendered: rendered() },
      { source: 'editor' },
      NOW,
    );
    expect([one.number, two.number, three.number]).toEqual([before + 1, before + 2, before + 3]);
    expect(await entriesRevision(db)).toBe(before + 3);
    expect(two).toEqual({
      number: before + 2,
      entryId: b.id,
      createdAt: NOW.toISOString(),
      source: 'files',
      note: 'from the folder',
      restoredFrom: null,
    });
    expect(await entryVersionByNumber(db, two.number)).toEqual({
      ...two,
      content: note('numbered-b'),
      rendered: rendered(5),
    });
    expect(await entryVersionByNumber(db, 999_999)).toBeUndefined();
    expect((await listEntryVersions(db, a.id)).map((version) => version.number)).toEqual([three.number, one.number]);
    expect((await listEntryVersions(db, a.id, { before: three.number })).map((version) => version.number)).toEqual([
      one.number,
    ]);
    expect(await listEntryVersions(db, a.id, { limit: 1 })).toEqual([three]);
    expect(await entryById(db, a.id)).toMatchObject({
      slug: 'numbered-a',
      latestVersion: three.number,
      visibleFrom: '2026-11-20T00:00:00.000Z',
    });
    const listed = (await listEntries(db, 'notes')).find((entry) => entry.id === a.id);
    expect(listed?.latest).toEqual(note('numbered-a', { tags: [] }));
    expect(listed?.draft).toBeNull();
  });

  it('gives each of several publishes at the same moment its own number', async () => {
    const { db } = database;
    const entries = await Promise.all(['race-1', 'race-2', 'race-3'].map((slug) => createEntry(db, 'notes', slug)));
    const before = await entriesRevision(db);
    const published = await Promise.all([...entries, ...entries].map(({ id, slug }) => publish(id, note(slug))));
    expect(published.map((version) => version.number).sort((x, y) => x - y)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => before + n),
    );
    // Each entry's latest version is the later of its two.
    for (const entry of entries) {
      const mine = published.filter((version) => version.entryId === entry.id).map((version) => version.number);
      expect((await entryById(db, entry.id))?.latestVersion).toBe(Math.max(...mine));
    }
  });

  it('renames: the old slug stays taken and sends visitors on to the current one', async () => {
    const { db } = database;
    const entry = await createEntry(db, 'notes', 'old-name');
    await publish(entry.id, note('old-name'));
    await publish(entry.id, note('new-name'));
    expect(await entryById(db, entry.id)).toMatchObject({ slug: 'new-name' });
    expect(await entryBySlug(db, 'notes', 'old-name')).toBeUndefined();
    expect((await entryBySlug(db, 'notes', 'new-name'))?.id).toBe(entry.id);
    expect(await slugRedirect(db, 'notes', 'old-name', NOW)).toBe('new-name');
    expect(await slugRedirect(db, 'notes', 'new-name', NOW)).toBeUndefined();
    expect(await slugRedirect(db, 'notes', 'never-was', NOW)).toBeUndefined();
    expect(await slugRedirect(db, 'projects', 'old-name', NOW)).toBeUndefined();
    // Neither a new entry nor another entry's publish may take the old slug or the new one.
    await expect(createEntry(db, 'notes', 'old-name')).rejects.toBeInstanceOf(SlugTakenError);
    const other = await createEntry(db, 'notes', 'someone-else');
    for (const slug of ['old-name', 'new-name']) {
      await expect(publish(other.id, note(slug))).rejects.toBeInstanceOf(SlugTakenError);
    }
    // A refused publish changed nothing.
    expect(await entryById(db, other.id)).toMatchObject({ slug: 'someone-else', latestVersion: null });
    expect(await listEntryVersions(db, other.id)).toEqual([]);
    // Nor may it take a slug an entry not yet published holds.
    await expect(publish(other.id, note('drafted'))).rejects.toBeInstanceOf(SlugTakenError);
    // Going back to the old slug is the entry's own right; the newer one then sends visitors back.
    await publish(entry.id, note('old-name'));
    expect(await slugRedirect(db, 'notes', 'new-name', NOW)).toBe('old-name');
  });

  it('gives a slug two entries publish at the same moment to one of them only', async () => {
    const { db } = database;
    const entries = await Promise.all(['contender-1', 'contender-2'].map((slug) => createEntry(db, 'notes', slug)));
    const results = await Promise.allSettled(entries.map(({ id }) => publish(id, note('contested'))));
    const won = results.findIndex((result) => result.status === 'fulfilled');
    const lost = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(won).not.toBe(-1);
    expect(lost.reason).toBeInstanceOf(SlugTakenError);
    expect((await entryBySlug(db, 'notes', 'contested'))?.id).toBe(entries[won]?.id);
    const loser = entries[1 - won];
    expect(loser && (await entryById(db, loser.id))).toMatchObject({ latestVersion: null });
  });

  it('frees the slug an entry was created with when it is renamed before it was ever published', async () => {
    const { db } = database;
    const entry = await createEntry(db, 'notes', 'working-title');
    await publish(entry.id, note('final-title'));
    expect(await slugRedirect(db, 'notes', 'working-title', NOW)).toBeUndefined();
    expect((await createEntry(db, 'notes', 'working-title')).slug).toBe('working-title');
  });

  it('keeps a scheduled entry with visible_from in the future, and a draft with none', async () => {
    const { db } = database;
    const scheduled = await createEntry(db, 'notes', 'coming-soon');
    await publish(scheduled.id, note('coming-soon', { date: '2026-12-01T09:30:00+05:00' }));
    expect((await entryById(db, scheduled.id))?.visibleFrom).toBe('2026-12-01T04:30:00.000Z');
    expect((await publishedEntries(db)).some(({ entry }) => entry.id === scheduled.id)).toBe(true);
    // Renamed while scheduled: the old address does not tell the new slug before its time.
    await publish(scheduled.id, note('coming-later', { date: '2026-12-01T09:30:00+05:00' }));
    expect(await slugRedirect(db, 'notes', 'coming-soon', NOW)).toBeUndefined();
    expect(await slugRedirect(db, 'notes', 'coming-soon', new Date('2026-12-01T04:30:00Z'))).toBe('coming-later');

    const unpublished = await createEntry(db, 'notes', 'not-yet');
    await publish(unpublished.id, note('not-yet', { status: 'draft' }));
    expect(await entryById(db, unpublished.id)).toMatchObject({ visibleFrom: null, latestVersion: expect.any(Number) });
    expect((await publishedEntries(db)).some(({ entry }) => entry.id === unpublished.id)).toBe(false);
  });

  it('deletes an entry with a last version the revision shows, and keeps its slugs taken', async () => {
    const { db } = database;
    const entry = await createEntry(db, 'notes', 'to-delete');
    await publish(entry.id, note('to-delete'));
    await publish(entry.id, note('to-delete-renamed'));
    const before = await entriesRevision(db);
    const later = new Date('2026-11-27T08:00:00Z');
    expect(await deleteEntry(db, entry.id, later)).toBe(true);
    expect(await entriesRevision(db)).toBe(before + 1);
    const [last] = await listEntryVersions(db, entry.id, { limit: 1 });
    expect(last).toMatchObject({ number: before + 1, source: 'editor', note: 'deleted' });
    const lastVersion = await entryVersionByNumber(db, before + 1);
    expect(lastVersion?.content).toEqual(note('to-delete-renamed', { status: 'draft' }));
    expect(lastVersion?.rendered).toEqual(rendered());
    expect(await entryById(db, entry.id)).toMatchObject({
      deletedAt: later.toISOString(),
      visibleFrom: null,
      latestVersion: before + 1,
    });
    expect(await entryBySlug(db, 'notes', 'to-delete-renamed')).toBeUndefined();
    expect((await listEntries(db, 'notes')).some(({ id }) => id === entry.id)).toBe(false);
    expect((await publishedEntries(db)).some((published) => published.entry.id === entry.id)).toBe(false);
    expect(await slugRedirect(db, 'notes', 'to-delete', NOW)).toBeUndefined();
    await expect(createEntry(db, 'notes', 'to-delete')).rejects.toBeInstanceOf(SlugTakenError);
    await expect(createEntry(db, 'notes', 'to-delete-renamed')).rejects.toBeInstanceOf(SlugTakenError);
    // Deleted once only; nothing more is published to it.
    expect(await deleteEntry(db, entry.id)).toBe(false);
    expect(await deleteEntry(db, '00000000-0000-4000-8000-000000000000')).toBe(false);
    await expect(publish(entry.id, note('to-delete'))).rejects.toBeInstanceOf(EntryMissingError);
    expect(await entriesRevision(db)).toBe(before + 1);
  });

  it('deletes an entry never published without a version, and frees its slug', async () => {
    const { db } = database;
    const entry = await createEntry(db, 'projects', 'abandoned');
    const before = await entriesRevision(db);
    expect(await deleteEntry(db, entry.id)).toBe(true);
    expect(await entriesRevision(db)).toBe(before);
    expect((await createEntry(db, 'projects', 'abandoned')).id).not.toBe(entry.id);
  });

  it('lists the published entries, each with its latest version, newest first', async () => {
    const { db } = database;
    const published = await publishedEntries(db);
    expect(published.length).toBeGreaterThan(0);
    for (const { entry, version } of published) {
      expect(entry.deletedAt).toBeNull();
      expect(entry.visibleFrom).not.toBeNull();
      expect(version.number).toBe(entry.latestVersion);
      expect(version.entryId).toBe(entry.id);
      expect(version.content.slug).toBe(entry.slug);
      expect(version.rendered).toEqual(rendered(expect.any(Number)));
    }
    const times = published.map(({ entry }) => entry.visibleFrom ?? '');
    expect(times).toEqual([...times].sort().reverse());
    const project = published.find(({ entry }) => entry.slug === 'numbered-b');
    expect(project?.version).toMatchObject({ source: 'files', note: 'from the folder', createdAt: NOW.toISOString() });
    expect(project?.entry.collection).toBe('projects');
  });
  it('publishes a copy, makes it the draft, and sets aside a draft with unpublished edits', async () => {
    const { db } = database;
    const entry = await createEntry(db, 'notes', 'restored');
    const first = await publishEntryVersion(
      db,
      entry.id,
      { content: note('restored'), rendered: rendered(1) },
      { source: 'editor' },
    );
    const secondContent = note('restored-renamed', { tags: ['second'] });
    const second = await publishEntryVersion(
      db,
      entry.id,
      { content: secondContent, rendered: rendered(2) },
      { source: 'editor' },
    );
    const edits = { ...secondContent, tags: ['unpublished'] };
    await saveEntryDraft(db, entry.id, { content: edits, basedOn: second.number, revision: 0 });

    const version = await entryVersionByNumber(db, first.number);
    if (!version) throw new Error('the first version is missing');
    const restored = await restoreEntryVersion(db, version, { note: 'back to the start' }, NOW);
    expect(restored.published).toMatchObject({
      source: 'restore',
      note: 'back to the start',
      restoredFrom: first.number,
    });
    expect(restored.draft).toMatchObject({
      content: note('restored'),
      basedOn: restored.published.number,
      revision: 2,
    });
    expect(restored.setAside).toEqual({
      id: expect.any(String),
      basedOn: second.number,
      setAsideAt: NOW.toISOString(),
      restoredVersion: first.number,
    });
    expect(await entryVersionByNumber(db, restored.published.number)).toMatchObject({
      content: note('restored'),
      rendered: rendered(1),
    });
    // The restore brings back the first slug; the second sends visitors back to it.
    expect(await entryById(db, entry.id)).toMatchObject({ slug: 'restored', latestVersion: restored.published.number });
    expect(await slugRedirect(db, 'notes', 'restored-renamed', NOW)).toBe('restored');

    const setAsideId = restored.setAside?.id ?? '';
    expect(await listEntrySetAsideDrafts(db, entry.id)).toEqual([restored.setAside]);
    expect((await entrySetAsideDraftById(db, entry.id, setAsideId))?.content).toEqual(edits);
    // Another entry sees none of them.
    const other = await createEntry(db, 'notes', 'unrelated');
    expect(await listEntrySetAsideDrafts(db, other.id)).toEqual([]);
    expect(await entrySetAsideDraftById(db, other.id, setAsideId)).toBeUndefined();
    expect(await bringBackEntrySetAsideDraft(db, other.id, setAsideId)).toBeUndefined();

    // Bringing the edits back: the draft it replaces is the restored content, published, so not kept.
    const broughtBack = await bringBackEntrySetAsideDraft(db, entry.id, setAsideId, NOW);
    expect(broughtBack).toMatchObject({ draft: { content: edits, basedOn: restored.published.number, revision: 3 } });
    expect(broughtBack?.setAside).toBeUndefined();
    expect(await listEntrySetAsideDrafts(db, entry.id)).toEqual([]);
  });

  it('sets nothing aside when the draft holds no edits of its own', async () => {
    const { db } = database;
    const entry = await createEntry(db, 'notes', 'clean-draft');
    const first = await publish(entry.id, note('clean-draft'));
    const secondContent = note('clean-draft', { tags: ['second'] });
    const second = await publish(entry.id, secondContent);
    await saveEntryDraft(db, entry.id, { content: secondContent, basedOn: second.number, revision: 0 });
    const version = await entryVersionByNumber(db, first.number);
    if (!version) throw new Error('the first version is missing');
    const restored = await restoreEntryVersion(db, version, { note: null });
    expect(restored.setAside).toBeUndefined();
    expect(restored.draft).toMatchObject({ content: note('clean-draft'), revision: 2 });
  });

  it('refuses to restore a version of a deleted entry, and changes nothing', async () => {
    const { db } = database;
    const entry = await createEntry(db, 'notes', 'gone');
    const first = await publish(entry.id, note('gone'));
    await deleteEntry(db, entry.id);
    const before = await entriesRevision(db);
    const version = await entryVersionByNumber(db, first.number);
    if (!version) throw new Error('the first version is missing');
    await expect(restoreEntryVersion(db, version, { note: null })).rejects.toBeInstanceOf(EntryMissingError);
    expect(await entriesRevision(db)).toBe(before);
    expect(await entryDraft(db, entry.id)).toBeUndefined();
  });
});
