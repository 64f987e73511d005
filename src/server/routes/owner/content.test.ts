import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { NoteContent } from '../../../shared/schemas/collections.js';
import { contentYamlFiles } from '../../content/content-files.js';
import { serializeEntry } from '../../content/entry-files.js';
import { loadContent } from '../../content/load-content.js';
import { loadEntries } from '../../content/load-entries.js';
import { contentVersionByNumber } from '../../repositories/content-repository.js';
import { createEntry, publishEntryVersion } from '../../repositories/entry-repository.js';
import { type SAME_ORIGIN, testDialect } from '../../test/helper.js';
import { ownerHeaders, ownerTestAppForBlock } from '../../test/owner-app.js';
import { sampleContent } from '../../test/sample-content.js';

describe(`the owner's content store API on ${testDialect}`, () => {
  const owner = ownerTestAppForBlock();
  const { call } = owner;

  it('answers 401 without a session and 403 from another site', async () => {
    expect((await call('GET', '/draft', undefined, {} as typeof SAME_ORIGIN & { cookie: string })).statusCode).toBe(
      401,
    );
    expect((await call('GET', '/versions/1/compare/draft', undefined, {} as never)).statusCode).toBe(401);
    expect(
      (await call('POST', '/publish', {}, { cookie: owner.testApp.cookie, 'sec-fetch-site': 'cross-site' } as never))
        .statusCode,
    ).toBe(403);
  });

  it('starts the draft from the published version, saves it from its revision, and refuses a stale save with 409', async () => {
    const start = await call('GET', '/draft');
    expect(start.statusCode).toBe(200);
    expect(start.json().data).toMatchObject({ draft: { revision: 0, basedOn: 1 }, published: { number: 1 } });
    const content = start.json().data.draft.content;
    content.footer.description.english = '<p>Draft one</p>';

    const saved = await call('PUT', '/draft', { content, basedOn: 1, revision: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.draft.revision).toBe(1);
    // A second tab that opened the draft before that save.
    const stale = await call('PUT', '/draft', { content: { identity: {} }, basedOn: 1, revision: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      success: false,
      code: 'draft_conflict',
      draft: { revision: 1, content: { footer: { description: { english: '<p>Draft one</p>' } } } },
    });
  });

  it('refuses a draft nested far deeper than content is, which could not be stored', async () => {
    const { draft } = (await call('GET', '/draft')).json().data;
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const refused = await call(
      'PUT',
      '/draft',
      `{"content":{"home":${deep}},"basedOn":1,"revision":${draft.revision}}`,
      { ...ownerHeaders(owner.testApp), 'content-type': 'application/json' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_failed', errors: [{ field: 'content' }] });
    expect((await call('GET', '/draft')).json().data.draft.revision).toBe(draft.revision);
  });

  it('refuses to publish an invalid draft with every problem, then publishes a valid one to visitors at once', async () => {
    const { draft } = (await call('GET', '/draft')).json().data;
    const broken = structuredClone(draft.content);
    broken.identity.role.english = '';
    broken.about.skills.coding = [{ name: 'Go', level: 140 }];
    broken.extra = true;
    expect((await call('PUT', '/draft', { content: broken, basedOn: 1, revision: draft.revision })).statusCode).toBe(
      200,
    );
    // Whatever the refresh job was about to pick up, picked up now: the refusal must change nothing.
    await owner.testApp.app.jobs.run('content-refresh');
    const servedBefore = owner.testApp.app.contentState.current;
    const refused = await call('POST', '/publish', {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'validation_failed' });
    expect(refused.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'extra', code: 'unknown_field' },
        { field: 'identity.role.english', code: 'required' },
        { field: 'about.skills.coding.0.level', code: 'too_big' },
      ]),
    );
    expect(owner.testApp.app.contentState.current).toBe(servedBefore);

    expect(
      (await call('PUT', '/draft', { content: draft.content, basedOn: 1, revision: draft.revision + 1 })).statusCode,
    ).toBe(200);
    const published = await call('POST', '/publish', { note: 'footer' });
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ number: 2, source: 'editor', note: 'footer' });
    const footer = await owner.testApp.app.inject({ url: '/api/v1/pages/footer' });
    expect(footer.json().data.description.english).toBe('<p>Draft one</p>');
  });

  it('lists and reads versions, and restores an old one as a new version', async () => {
    const list = await call('GET', '/versions?limit=10');
    expect(list.json().data.map((version: { number: number }) => version.number)).toEqual([2, 1]);
    const one = await call('GET', '/versions/1');
    expect(one.json().data).toMatchObject({ number: 1, source: 'files', content: sampleContent() });
    expect((await call('GET', '/versions/99')).statusCode).toBe(404);

    // Restoring replaces the live site: a session signed in an hour ago must confirm who it is first.
    const signedInAt = new Date(Date.now() - 3_600_000).toISOString();
    await owner.testApp.db.updateTable('owner_sessions').set({ authenticated_at: signedInAt }).execute();
    const stale = await call('POST', '/versions/1/restore', {});
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('reauthentication_required');
    await owner.testApp.db.updateTable('owner_sessions').set({ authenticated_at: new Date().toISOString() }).execute();

    const restored = await call('POST', '/versions/1/restore', {});
    expect(restored.json().data).toMatchObject({ number: 3, source: 'restore', note: 'restored version 1' });
    const footer = await owner.testApp.app.inject({ url: '/api/v1/pages/footer' });
    expect(footer.json().data.description.english).toBe(sampleContent().footer.description.english);
  });

  it('compares two versions, and a version with the draft, field by field and per language', async () => {
    // Versions 1 and 3 hold the sample content (3 restored 1); 2 changed the footer's English text.
    const same = await call('GET', '/versions/1/compare/3');
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject({ from: 1, to: 3 });
    expect(same.json().data.sections.map((section: { section: string }) => section.section)).toEqual([
      'identity',
      'home',
      'about',
      'portfolio',
      'footer',
    ]);
    expect(same.json().data.sections.flatMap((section: { changes: unknown[] }) => section.changes)).toEqual([]);

    const footer = (await call('GET', '/versions/1/compare/2')).json().data.sections.at(-1);
    expect(footer).toEqual({
      section: 'footer',
      changes: [
        {
          path: 'footer.description',
          kind: 'changed',
          languages: ['english'],
          before: sampleContent().footer.description,
          after: { ...sampleContent().footer.description, english: '<p>Draft one</p>' },
        },
      ],
    });

    const { draft } = (await call('GET', '/draft')).json().data;
    const edited = structuredClone(draft.content);
    edited.home.greeting.russian = 'Привет';
    edited.home.highlights.unshift({ value: '3', label: { lotin: 'uch', russian: 'три', english: 'three' } });
    delete edited.identity.role.english;
    expect((await call('PUT', '/draft', { content: edited, basedOn: 3, revision: draft.revision })).statusCode).toBe(
      200,
    );
    const withDraft = await call('GET', '/versions/3/compare/draft');
    expect(withDraft.statusCode).toBe(200);
    const changes = Object.fromEntries(
      withDraft
        .json()
        .data.sections.map((section: { section: string; changes: unknown[] }) => [section.section, section.changes]),
    );
    expect(changes.home).toEqual([
      expect.objectContaining({ path: 'home.greeting', kind: 'changed', languages: ['russian'] }),
      { path: 'home.highlights.0', kind: 'added', after: edited.home.highlights[0] },
    ]);
    expect(changes.identity).toEqual([
      expect.objectContaining({ path: 'identity.role', kind: 'changed', languages: ['english'] }),
    ]);
    expect((await call('GET', '/versions/draft/compare/3')).json().data.from).toBe('draft');

    expect((await call('GET', '/versions/1/compare/99')).json()).toMatchObject({ code: 'not_found' });
    expect((await call('GET', '/versions/1/compare/99')).statusCode).toBe(404);
    for (const bad of ['0', 'latest', '1.5', '-2', '99999999999']) {
      expect((await call('GET', `/versions/1/compare/${bad}`)).statusCode).toBe(400);
    }
  });

  it('downloads a version as a zip of the files content:export writes, which load back as the same version', async () => {
    const response = await call('GET', '/export.zip?version=2');
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="sahifa-content-v2.zip"',
      'cache-control': 'no-store',
    });
    const entries = unzipSync(response.rawPayload);
    const version = await contentVersionByNumber(owner.testApp.db, 2);
    if (!version) throw new Error('no version 2');
    const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-zip-'));
    try {
      // The YAML files are the ones content:export writes (both come from contentYamlFiles).
      const yamlFiles = contentYamlFiles(version.content);
      expect(yamlFiles.map(({ file }) => file)).toEqual([
        'identity.yaml',
        'home.yaml',
        'about.yaml',
        'portfolio.yaml',
        'footer.yaml',
      ]);
      for (const { file, text } of yamlFiles) expect(new TextDecoder().decode(entries[file])).toBe(text);

      const unzipped = path.join(dir, 'unzipped');
      for (const [name, bytes] of Object.entries(entries)) {
        mkdirSync(path.dirname(path.join(unzipped, name)), { recursive: true });
        writeFileSync(path.join(unzipped, name), bytes);
      }
      // The pictures are the stored bytes, as content:export writes them.
      expect(Object.keys(entries).filter((name) => name.startsWith('images/'))).toEqual([
        'images/owner.svg',
        'images/portfolio/shop.svg',
      ]);
      for (const picture of ['owner.svg', 'portfolio/shop.svg']) {
        expect(Buffer.from(entries[`images/${picture}`] ?? [])).toEqual(
          readFileSync(path.join(owner.testApp.contentDir, 'images', picture)),
        );
      }
      expect(loadContent(unzipped)).toEqual(version.content);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // The same version gives the same bytes; the published one is the default.
    expect((await call('GET', '/export.zip?version=2')).rawPayload).toEqual(response.rawPayload);
    const latest = await call('GET', '/export.zip');
    expect(latest.headers['content-disposition']).toBe('attachment; filename="sahifa-content-v3.zip"');
    expect(await call('GET', '/export.zip?version=99')).toMatchObject({ statusCode: 404 });
    expect((await call('GET', '/export.zip?version=two')).statusCode).toBe(400);
    expect((await call('GET', '/export.zip', undefined, {} as never)).statusCode).toBe(401);
  });

  it("carries each note's and project's latest version in the zip, as content:export writes them, which load back", async () => {
    const { db } = owner.testApp;
    const content: NoteContent = {
      slug: 'zipped-note',
      status: 'draft',
      date: '2026-11-20',
      tags: ['craft'],
      cover: 'owner.svg',
      text: {
        english: { title: 'Zipped', summary: 'In the zip.', body: 'Some *words*.', cover_alt: 'The owner' },
        russian: { title: 'В архиве', summary: 'Тоже.', body: 'Слова.', cover_alt: 'Владелец' },
      },
    };
    const entry = await createEntry(db, 'notes', content.slug);
    await publishEntryVersion(db, entry.id, { content, rendered: {} }, { source: 'editor' });
    // An entry with no version yet has nothing to write.
    await createEntry(db, 'projects', 'not-written-yet');

    const entries = unzipSync((await call('GET', '/export.zip')).rawPayload);
    const written = serializeEntry('notes', content);
    expect(Object.keys(entries).filter((name) => /^(notes|projects)\//.test(name))).toEqual([
      'notes/zipped-note/russian.md',
      'notes/zipped-note/english.md',
    ]);
    expect(new TextDecoder().decode(entries['notes/zipped-note/english.md'])).toBe(written.english);
    expect(new TextDecoder().decode(entries['notes/zipped-note/russian.md'])).toBe(written.russian);
    expect(Object.keys(entries)).toContain('images/owner.svg');

    const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-zip-'));
    try {
      for (const [name, bytes] of Object.entries(entries)) {
        mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        writeFileSync(path.join(dir, name), bytes);
      }
      const loaded = loadEntries(dir);
      expect(loaded.problems).toEqual([]);
      expect(loaded.entries.map((item) => item.content)).toEqual([content]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('previews a page from the draft as visitors would get it, framable by the owner area only, never kept', async () => {
    // Whatever the refresh job was about to pick up (an entry an earlier test wrote moves the page's
    // ETag, seen in CI), picked up now: only the preview may not change the visitors' page.
    await owner.testApp.app.jobs.run('content-refresh');
    const visitorBefore = await owner.testApp.app.inject({ url: '/about?lang=english' });
    const { draft } = (await call('GET', '/draft')).json().data;
    const edited = sampleContent();
    edited.identity.first_name.english = 'Preview';
    edited.home.intro.english = 'A draft intro.';
    expect((await call('PUT', '/draft', { content: edited, basedOn: 3, revision: draft.revision })).statusCode).toBe(
      200,
    );

    const preview = await call('GET', '/preview/about?lang=english&theme=dark');
    expect(preview.statusCode).toBe(200);
    expect(preview.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
      'x-frame-options': 'SAMEORIGIN',
    });
    const policy = String(preview.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain("frame-ancestors 'none'");
    expect(policy).toContain("style-src 'self'");
    // The page as it first paints, without a single script (the app's would take the preview's
    // address for an unknown page; its data blocks are of no use without it): content-preview.test.ts.
    expect(policy).toContain("script-src 'none'");
    expect(preview.body).not.toContain('<script');
    expect(preview.body).toContain('<html lang="en" data-theme="dark">');
    expect(preview.body).toMatch(/<title>[^<]*Preview Test<\/title>/);
    expect(preview.body).toContain('<meta name="robots" content="noindex" />');

    const home = await call('GET', '/preview?lang=english');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('A draft intro.');
    expect(home.body).toContain('<html lang="en">');
    expect((await call('GET', '/preview/?lang=english')).body).toBe(home.body);
    const notFound = await call('GET', '/preview/no/such/page?lang=russian');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain('<html lang="ru">');

    // Visitors still get the published page, unframable, from the same cache as before.
    const visitorAfter = await owner.testApp.app.inject({ url: '/about?lang=english' });
    expect(visitorAfter.headers.etag).toBe(visitorBefore.headers.etag);
    expect(visitorAfter.body).not.toContain('Preview');
    expect(visitorAfter.headers['x-frame-options']).toBe('DENY');
    expect(visitorAfter.body).toContain('<script type="module"');
    expect(String(visitorAfter.headers['content-security-policy'])).not.toContain('frame-src');
    // The owner's area may frame the site's own pages, to show the preview; nothing else.
    const ownerArea = await owner.testApp.app.inject({ url: '/owner' });
    expect(String(ownerArea.headers['content-security-policy'])).toContain("frame-src 'self'");
    expect(String(ownerArea.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(visitorAfter.headers['content-security-policy'])).toContain("frame-ancestors 'none'");

    // The next save is previewed at once.
    edited.identity.first_name.english = 'Second';
    expect(
      (await call('PUT', '/draft', { content: edited, basedOn: 3, revision: draft.revision + 1 })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/preview/?lang=english')).body).toContain('Second Test');

    // An invalid draft previews too, its missing texts marked in place (content-preview.test.ts).
    (edited.home as { greeting: unknown }).greeting = { lotin: 'Salom' };
    await call('PUT', '/draft', { content: edited, basedOn: 3, revision: draft.revision + 2 });
    const incomplete = await call('GET', '/preview/?lang=english');
    expect(incomplete.statusCode).toBe(200);
    expect(incomplete.body).toContain('A draft intro.');
    for (const query of ['lang=klingon', 'theme=blue']) {
      expect((await call('GET', `/preview/?${query}`)).statusCode).toBe(400);
    }
    expect((await call('GET', '/preview/', undefined, {} as never)).statusCode).toBe(401);
  });
});
