import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/helper.js';
import { createOwnerTestApp, type OwnerTestApp, ownerHeaders } from '../../test/owner-app.js';

const note = (slug: string, overrides: Record<string, unknown> = {}) => ({
  slug,
  status: 'published',
  date: '2026-11-20T09:30:00+05:00',
  tags: ['design'],
  text: {
    lotin: { title: 'Kontrast', summary: 'Qisqa tavsif', body: '# Kirish\n\nMatn **qalin**.' },
    english: { title: 'Contrast', summary: 'A short summary', body: '## Why\n\nText with `code`.' },
  },
  ...overrides,
});

describe(`the owner's entries API on ${testDialect}`, () => {
  let testApp: OwnerTestApp;
  beforeAll(async () => {
    testApp = await createOwnerTestApp();
  });
  afterAll(async () => testApp.close());

  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = ownerHeaders(testApp),
  ) => testApp.app.inject({ method, url: `/api/v1/owner/entries${url}`, headers, ...(payload ? { payload } : {}) });

  async function created(collection: string, slug: string): Promise<string> {
    const answer = await call('POST', `/${collection}`, { slug });
    expect(answer.statusCode).toBe(200);
    return answer.json().data.id;
  }

  /** Saves `content` over the entry's draft, from whatever revision it is at. */
  async function saveDraft(collection: string, id: string, content: object) {
    const { draft } = (await call('GET', `/${collection}/${id}`)).json().data;
    const saved = await call('PUT', `/${collection}/${id}/draft`, {
      content,
      basedOn: draft.basedOn,
      revision: draft.revision,
    });
    expect(saved.statusCode).toBe(200);
    return saved.json().data.draft;
  }

  it('answers 401 without a session and 403 from another site', async () => {
    expect((await call('GET', '/notes', undefined, {})).statusCode).toBe(401);
    const crossSite = await call(
      'POST',
      '/notes',
      { slug: 'x' },
      { cookie: testApp.cookie, 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
  });

  it('creates an entry with a valid slug, once per collection, and starts its draft empty', async () => {
    expect((await call('POST', '/notes', { slug: 'Not A Slug' })).statusCode).toBe(400);
    expect((await call('POST', '/essays', { slug: 'first' })).statusCode).toBe(400);
    const id = await created('notes', 'first-note');
    const taken = await call('POST', '/notes', { slug: 'first-note' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ success: false, code: 'slug_taken' });
    // Another collection has its own addresses.
    await created('projects', 'first-note');

    const opened = await call('GET', `/notes/${id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({
      entry: { id, collection: 'notes', slug: 'first-note', latestVersion: null },
      draft: { revision: 0, basedOn: null, content: { slug: 'first-note', status: 'draft', tags: [], text: {} } },
      published: null,
    });
    expect((await call('GET', `/projects/${id}`)).statusCode).toBe(404);
    expect((await call('GET', '/notes/5f0c4c52-7d0a-4c5e-9a53-3c1e1d2b7a10')).statusCode).toBe(404);
  });

  it('saves the draft from its revision and refuses a stale save with 409 and the current draft', async () => {
    const id = await created('notes', 'revisions');
    const saved = await call('PUT', `/notes/${id}/draft`, {
      content: note('revisions'),
      basedOn: null,
      revision: 0,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ draft: { revision: 1 }, published: null });
    const stale = await call('PUT', `/notes/${id}/draft`, { content: { slug: 'other' }, basedOn: null, revision: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      success: false,
      code: 'draft_conflict',
      draft: { revision: 1, content: { slug: 'revisions' } },
    });
  });

  it('refuses to publish an invalid draft with every problem by path and language, and changes nothing', async () => {
    const id = await created('notes', 'broken');
    expect((await call('POST', `/notes/${id}/publish`, {})).statusCode).toBe(409);
    await saveDraft(
      'notes',
      id,
      note('broken', {
        cover: 'images/cover.png',
        date: 'tomorrow',
        text: { english: { title: '', summary: 'S', body: 'B' }, russian: { title: 'T', body: 'B' } },
      }),
    );
    const refused = await call('POST', `/notes/${id}/publish`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('validation_failed');
    expect(refused.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'date', code: expect.any(String) },
        { field: 'text.english.title', code: 'required' },
        { field: 'text.russian.summary', code: 'required' },
      ]),
    );
    // The cover's descriptions are checked once the rest holds (a refinement of the whole entry).
    await saveDraft('notes', id, note('broken', { cover: 'images/cover.png' }));
    expect((await call('POST', `/notes/${id}/publish`, {})).json().errors).toEqual([
      { field: 'text.lotin.cover_alt', code: 'required' },
      { field: 'text.english.cover_alt', code: 'required' },
    ]);
    expect((await call('GET', `/notes/${id}/versions`)).json().data).toEqual([]);
  });

  it('publishes a valid draft, rendered once, to visitors at once, and lists it with its state and languages', async () => {
    const id = await created('notes', 'contrast');
    await saveDraft('notes', id, note('contrast'));
    const published = await call('POST', `/notes/${id}/publish`, { note: 'first' });
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ source: 'editor', note: 'first', restoredFrom: null });
    const number = published.json().data.number;

    const served = testApp.app.contentState.current.entries.visible.find((entry) => entry.id === id);
    expect(served).toMatchObject({ slug: 'contrast', version: number });
    expect(served?.rendered.english?.html).toContain('<code');
    expect(served?.rendered.english?.headings).toEqual([expect.objectContaining({ depth: 2, text: 'Why' })]);

    const list = (await call('GET', '/notes')).json().data;
    expect(list.find((row: { id: string }) => row.id === id)).toEqual({
      id,
      slug: 'contrast',
      state: 'published',
      date: '2026-11-20T09:30:00+05:00',
      tags: ['design'],
      languages: ['lotin', 'english'],
      titles: { lotin: 'Kontrast', english: 'Contrast' },
      unpublished: false,
      updatedAt: expect.any(String),
      latestVersion: number,
    });
    // An entry never published is a draft, named by its draft's title.
    const draftOnly = list.find((row: { slug: string }) => row.slug === 'revisions');
    expect(draftOnly).toMatchObject({ state: 'draft', unpublished: true, titles: { english: 'Contrast' } });

    const opened = (await call('GET', `/notes/${id}`)).json().data;
    expect(opened).toMatchObject({ entry: { latestVersion: number }, published: { number, note: 'first' } });
  });

  it('schedules an entry dated in the future: listed as scheduled, served only from its time', async () => {
    const id = await created('notes', 'later');
    const date = new Date(Date.now() + 3_600_000).toISOString();
    await saveDraft('notes', id, note('later', { date }));
    expect((await call('POST', `/notes/${id}/publish`, {})).statusCode).toBe(200);
    const row = (await call('GET', '/notes')).json().data.find((entry: { id: string }) => entry.id === id);
    expect(row).toMatchObject({ state: 'scheduled' });
    const { entries } = testApp.app.contentState.current;
    expect(entries.all.some((entry) => entry.id === id)).toBe(true);
    expect(entries.visible.some((entry) => entry.id === id)).toBe(false);
  });

  it('renames an entry on publish and keeps every slug it had from other entries (409 slug_taken)', async () => {
    const id = await created('notes', 'old-name');
    await saveDraft('notes', id, note('old-name'));
    await call('POST', `/notes/${id}/publish`, {});
    await saveDraft('notes', id, note('new-name'));
    expect((await call('POST', `/notes/${id}/publish`, {})).statusCode).toBe(200);
    expect((await call('GET', `/notes/${id}`)).json().data.entry.slug).toBe('new-name');

    expect((await call('POST', '/notes', { slug: 'old-name' })).json().code).toBe('slug_taken');
    const other = await created('notes', 'another');
    await saveDraft('notes', other, note('old-name'));
    const refused = await call('POST', `/notes/${other}/publish`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('slug_taken');
  });

  it('lists and reads versions, and restores one as a new version and the draft, setting unpublished edits aside', async () => {
    const id = await created('projects', 'harbour');
    const project = {
      ...note('harbour'),
      group: 'apps',
      year: 2025,
      stack: ['TypeScript'],
      links: { live: 'https://example.com' },
      gallery: [],
      text: { english: { title: 'Harbour one', summary: 'S', body: 'Body one', role: 'Lead' } },
    };
    await saveDraft('projects', id, project);
    const first = (await call('POST', `/projects/${id}/publish`, {})).json().data.number;
    await saveDraft('projects', id, {
      ...project,
      text: { english: { title: 'Harbour two', summary: 'S', body: 'Two' } },
    });
    const second = (await call('POST', `/projects/${id}/publish`, {})).json().data.number;
    await saveDraft('projects', id, {
      ...project,
      text: { english: { title: 'Unpublished', summary: 'S', body: 'x' } },
    });

    const versions = (await call('GET', `/projects/${id}/versions`)).json().data;
    expect(versions.map((version: { number: number }) => version.number)).toEqual([second, first]);
    const one = (await call('GET', `/projects/${id}/versions/${first}`)).json().data;
    expect(one.content.text.english.title).toBe('Harbour one');
    // Another entry's version is not this entry's.
    const other = await created('projects', 'elsewhere');
    expect((await call('GET', `/projects/${other}/versions/${first}`)).statusCode).toBe(404);

    const restored = await call('POST', `/projects/${id}/versions/${first}/restore`, {});
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({
      source: 'restore',
      restoredFrom: first,
      note: `restored version ${first}`,
      draft: { content: { text: { english: { title: 'Harbour one' } } } },
      setAside: { id: expect.any(String) },
    });
    const served = testApp.app.contentState.current.entries.visible.find((entry) => entry.id === id);
    expect(served?.content.text.english?.title).toBe('Harbour one');
    expect(served?.version).toBe(restored.json().data.number);
  });

  it('restoring and deleting need a recent sign-in', async () => {
    const id = await created('notes', 'guarded');
    await saveDraft('notes', id, note('guarded'));
    const first = (await call('POST', `/notes/${id}/publish`, {})).json().data.number;
    const signedInAt = new Date(Date.now() - 3_600_000).toISOString();
    await testApp.db.updateTable('owner_sessions').set({ authenticated_at: signedInAt }).execute();
    try {
      expect((await call('POST', `/notes/${id}/versions/${first}/restore`, {})).json().code).toBe(
        'reauthentication_required',
      );
      expect((await call('DELETE', `/notes/${id}`)).json().code).toBe('reauthentication_required');
    } finally {
      await testApp.db.updateTable('owner_sessions').set({ authenticated_at: new Date().toISOString() }).execute();
    }
  });

  it('deletes an entry: gone from the list and from visitors at once, its slug kept', async () => {
    const id = await created('notes', 'short-lived');
    await saveDraft('notes', id, note('short-lived'));
    await call('POST', `/notes/${id}/publish`, {});
    expect(testApp.app.contentState.current.entries.visible.some((entry) => entry.id === id)).toBe(true);

    const deleted = await call('DELETE', `/notes/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ deleted: true });
    expect(testApp.app.contentState.current.entries.visible.some((entry) => entry.id === id)).toBe(false);
    expect((await call('GET', `/notes/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/notes/${id}`)).statusCode).toBe(404);
    expect((await call('GET', '/notes')).json().data.some((row: { id: string }) => row.id === id)).toBe(false);
    expect((await call('POST', '/notes', { slug: 'short-lived' })).json().code).toBe('slug_taken');
  });

  it('previews the bodies as publishing renders them, sanitized, even for a draft that cannot be published', async () => {
    const id = await created('notes', 'preview');
    await saveDraft('notes', id, {
      slug: 'preview',
      text: { russian: { body: '## Заголовок\n\n<script>alert(1)</script>[x](javascript:alert(1))' } },
    });
    const preview = await call('POST', `/notes/${id}/preview`, {});
    expect(preview.statusCode).toBe(200);
    const russian = preview.json().data.bodies.russian;
    expect(russian.headings).toEqual([expect.objectContaining({ depth: 2, text: 'Заголовок' })]);
    expect(russian.html).not.toContain('<script');
    expect(russian.html).not.toContain('javascript:');
    expect(preview.json().data.bodies.english).toBeUndefined();

    const sent = await call('POST', `/notes/${id}/preview`, { bodies: { english: 'Three words here' } });
    expect(sent.json().data.bodies).toEqual({ english: expect.objectContaining({ words: 3 }) });
  });

  it('never answers 5xx to a draft of any shape: publishing refuses it, the preview renders what bodies it has', async () => {
    const id = await created('projects', 'fuzzed');
    const text = fc.record(
      { title: fc.string(), summary: fc.string(), body: fc.oneof(fc.string(), fc.jsonValue()), role: fc.jsonValue() },
      { requiredKeys: [] },
    );
    const draft = fc.record(
      {
        slug: fc.oneof(fc.constant('fuzzed'), fc.string()),
        status: fc.constantFrom('draft', 'published', 7),
        date: fc.oneof(fc.constant('2026-01-01'), fc.string()),
        tags: fc.jsonValue(),
        cover: fc.jsonValue(),
        gallery: fc.array(fc.record({ image: fc.string(), caption: fc.jsonValue() }), { maxLength: 2 }),
        text: fc.oneof(fc.jsonValue(), fc.record({ lotin: text, english: text }, { requiredKeys: [] })),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(draft, async (content) => {
        const { draft: current } = (await call('GET', `/projects/${id}`)).json().data;
        const saved = await call('PUT', `/projects/${id}/draft`, {
          content,
          basedOn: current.basedOn,
          revision: current.revision,
        });
        // A `__proto__` key is refused as JSON that could poison objects (400): never a 5xx.
        expect(saved.statusCode).toBeLessThan(500);
        for (const url of [`/projects/${id}/publish`, `/projects/${id}/preview`]) {
          const answer = await call('POST', url, {});
          expect(answer.statusCode).toBeLessThan(500);
        }
      }),
      { numRuns: 60 },
    );
  });
});
