import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/helper.js';
import { sampleContent } from '../test/sample-content.js';
import {
  contentDraft,
  contentVersionByNumber,
  latestContentVersion,
  latestContentVersionNumber,
  latestFilesHash,
  listContentVersions,
  publishContentVersion,
  saveContentDraft,
} from './content-repository.js';

describe(`content versions and the draft on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('has no version and no draft at first', async () => {
    expect(await latestContentVersionNumber(database.db)).toBeUndefined();
    expect(await latestContentVersion(database.db)).toBeUndefined();
    expect(await latestFilesHash(database.db)).toBeUndefined();
    expect(await contentDraft(database.db)).toBeUndefined();
  });

  it('numbers versions one after another and keeps each whole', async () => {
    const { db } = database;
    const first = sampleContent();
    const second = sampleContent();
    second.identity.email = 'second@example.com';
    const one = await publishContentVersion(
      db,
      first,
      { source: 'files', filesHash: 'abc' },
      new Date('2026-11-23T10:00:00Z'),
    );
    const two = await publishContentVersion(
      db,
      second,
      { source: 'editor', note: 'typo' },
      new Date('2026-11-23T11:00:00Z'),
    );
    expect([one.number, two.number]).toEqual([1, 2]);
    expect(await latestContentVersionNumber(db)).toBe(2);
    expect((await latestContentVersion(db))?.content.identity.email).toBe('second@example.com');
    expect(await contentVersionByNumber(db, 1)).toEqual({
      number: 1,
      content: first,
      createdAt: '2026-11-23T10:00:00.000Z',
      source: 'files',
      note: null,
      filesHash: 'abc',
    });
    expect(await contentVersionByNumber(db, 99)).toBeUndefined();
    expect(await latestFilesHash(db)).toBe('abc');
    expect((await listContentVersions(db)).map((version) => [version.number, version.source, version.note])).toEqual([
      [2, 'editor', 'typo'],
      [1, 'files', null],
    ]);
    expect((await listContentVersions(db, { before: 2 })).map((version) => version.number)).toEqual([1]);
  });

  it('gives every one of several publishes at the same moment its own number', async () => {
    const { db } = database;
    const before = (await latestContentVersionNumber(db)) ?? 0;
    const published = await Promise.all(
      Array.from({ length: 5 }, () => publishContentVersion(db, sampleContent(), { source: 'editor' })),
    );
    expect(published.map((version) => version.number).sort((a, b) => a - b)).toEqual(
      [1, 2, 3, 4, 5].map((n) => before + n),
    );
  });

  it('saves the draft only from the revision it started from, and answers the current one otherwise', async () => {
    const { db } = database;
    const first = await saveContentDraft(db, { content: { identity: {} }, basedOn: 1, revision: 0 });
    expect(first).toMatchObject({ saved: true, draft: { revision: 1, basedOn: 1, content: { identity: {} } } });
    const second = await saveContentDraft(db, { content: { identity: { email: 'x' } }, basedOn: 1, revision: 1 });
    expect(second).toMatchObject({ saved: true, draft: { revision: 2 } });
    // A second tab still at revision 1 (or one that thinks there is no draft) is refused.
    const stale = await saveContentDraft(db, { content: { identity: { email: 'old' } }, basedOn: 1, revision: 1 });
    expect(stale).toMatchObject({ saved: false, current: { revision: 2, content: { identity: { email: 'x' } } } });
    const fresh = await saveContentDraft(db, { content: {}, basedOn: null, revision: 0 });
    expect(fresh).toMatchObject({ saved: false, current: { revision: 2 } });
    expect(await contentDraft(db)).toMatchObject({ revision: 2, content: { identity: { email: 'x' } } });
  });
});
