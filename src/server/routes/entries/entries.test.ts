import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../shared/locales.js';
import type { NoteContent, RenderedEntry } from '../../../shared/schemas/collections.js';
import { OTHER_VALUE } from '../../../shared/schemas/stats.js';
import { refreshPublishedEntries } from '../../collections/entries-state.js';
import { createEntry, publishEntryVersion } from '../../repositories/entry-repository.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { sourcePageRenderer } from '../../test/source-page-renderer.js';
import { BROWSER_USER_AGENT } from '../../test/user-agents.js';

/** A note in `locales`, its body rendered as the pipeline would (the pipeline has tests of its own). */
function note(slug: string, date: string, locales: Locale[], tags: string[] = []): NoteContent {
  const text = Object.fromEntries(
    locales.map((locale) => [
      locale,
      { title: `${slug} (${locale})`, summary: `About ${slug} in ${locale}.`, body: `Words of ${slug}.` },
    ]),
  );
  return { slug, status: 'published', date, tags, text } as NoteContent;
}

function rendered(content: NoteContent): RenderedEntry {
  return Object.fromEntries(
    Object.keys(content.text).map((locale) => [
      locale,
      { html: `<p>The body of ${content.slug} in ${locale}.</p>`, headings: [], words: 400 },
    ]),
  );
}

describe('the collections as visitors get them', () => {
  let testApp: TestApp;
  const ids: Record<string, string> = {};

  async function publish(content: NoteContent) {
    ids[content.slug] ??= (await createEntry(testApp.db, 'notes', content.slug)).id;
    await publishEntryVersion(
      testApp.db,
      ids[content.slug] as string,
      { content, rendered: rendered(content) },
      { source: 'editor' },
    );
    await refreshPublishedEntries(testApp.db, testApp.app.contentState);
  }

  beforeAll(async () => {
    testApp = await createTestApp({ publicUrl: 'https://aziza.example' }, undefined, {
      pageRenderer: await sourcePageRenderer(),
    });
    await publish(note('first-steps', '2026-10-01', ['lotin', 'russian', 'english'], ['design']));
    await publish(note('uzbek-only', '2026-10-05', ['lotin', 'russian'], ['language']));
    await publish(note('newest', '2026-11-01T09:00:00+05:00', ['english', 'lotin'], ['design', 'css']));
  });
  afterAll(async () => testApp.close());

  const get = (url: string) => testApp.app.inject({ url });

  it('lists the notes of one language newest first, and the others under "also in"', async () => {
    const response = await get('/api/v1/notes?lang=english');
    expect(response.statusCode).toBe(200);
    const list = response.json().data;
    expect(list.notes.map((card: { slug: string }) => card.slug)).toEqual(['newest', 'first-steps']);
    expect(list.notes[0]).toMatchObject({ title: 'newest (english)', locale: 'english', minutes: 2 });
    expect(list.elsewhere).toEqual([expect.objectContaining({ slug: 'uzbek-only', locale: 'lotin' })]);
    expect(list.tags).toEqual([
      { tag: 'design', count: 2 },
      { tag: 'css', count: 1 },
    ]);
    expect(list).toMatchObject({ page: 1, pageCount: 1 });
  });

  it('filters by a tag; an unknown tag or a page past the last is not found', async () => {
    const tagged = (await get('/api/v1/notes?lang=lotin&tag=language')).json().data;
    expect(tagged.notes.map((card: { slug: string }) => card.slug)).toEqual(['uzbek-only']);
    expect((await get('/api/v1/notes?lang=lotin&tag=nothing')).statusCode).toBe(404);
    expect((await get('/api/v1/notes?lang=lotin&page=2')).statusCode).toBe(404);
    expect((await get('/api/v1/notes?lang=lotin&page=x')).statusCode).toBe(400);
  });

  it('answers a note in the languages it has, with its neighbours, and 404 in the others', async () => {
    const response = await get('/api/v1/notes/first-steps?lang=english');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      slug: 'first-steps',
      html: '<p>The body of first-steps in english.</p>',
      newer: { slug: 'newest', title: 'newest (english)' },
    });
    expect(response.json().data.older).toBeUndefined();
    expect((await get('/api/v1/notes/uzbek-only?lang=english')).statusCode).toBe(404);
    expect((await get('/api/v1/notes/no-such-note?lang=english')).statusCode).toBe(404);
    expect((await get('/api/v1/notes/Not%20A%20Slug')).statusCode).toBe(404);
  });

  it('keeps a scheduled note out of everything until its time, then shows it without a restart', async () => {
    const soon = new Date(Date.now() + 60_000);
    await publish(note('scheduled', soon.toISOString(), ['lotin'], ['design']));
    const hidden = (await get('/api/v1/notes?lang=lotin')).json().data;
    expect(hidden.notes.map((card: { slug: string }) => card.slug)).not.toContain('scheduled');
    expect((await get('/api/v1/notes/scheduled')).statusCode).toBe(404);
    expect((await get('/notes/scheduled')).statusCode).toBe(404);
    expect((await get('/sitemap.xml')).body).not.toContain('/notes/scheduled');

    // The refresh job's turn a minute later: the same revision, its time come.
    expect(await refreshPublishedEntries(testApp.db, testApp.app.contentState, new Date(soon.getTime() + 1000))).toBe(
      true,
    );
    const shown = (await get('/api/v1/notes?lang=lotin')).json().data;
    expect(shown.notes[0].slug).toBe('scheduled');
    expect((await get('/notes/scheduled')).statusCode).toBe(200);
    expect((await get('/sitemap.xml')).body).toContain('/notes/scheduled');
  });

  it('renders a note’s page on the server with its own head, and the 404 page for a language it lacks', async () => {
    const page = await get('/notes/first-steps?lang=english');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Aziza Test - first-steps (english)</title>');
    expect(page.body).toContain('The body of first-steps in english.');
    expect(page.body).toContain('"@type":"BlogPosting"');
    expect(page.body).toContain('<link rel="canonical" href="https://aziza.example/notes/first-steps?lang=english" />');
    expect(page.body).toContain('application/rss+xml');

    const lacking = await get('/notes/uzbek-only?lang=english');
    expect(lacking.statusCode).toBe(404);
    // Alternates name only the languages the note has.
    const uzbek = (await get('/notes/uzbek-only')).body;
    expect(uzbek).toContain('hreflang="ru"');
    expect(uzbek).not.toContain('hreflang="en"');
  });

  it('moves an old address to the new one for good when a slug is renamed', async () => {
    const renamed = { ...note('first-steps', '2026-10-01', ['lotin', 'russian', 'english'], ['design']) };
    renamed.slug = 'first-steps-again';
    await publishEntryVersion(
      testApp.db,
      ids['first-steps'] as string,
      { content: renamed, rendered: rendered(renamed) },
      { source: 'editor' },
    );
    await refreshPublishedEntries(testApp.db, testApp.app.contentState);
    const moved = await get('/notes/first-steps?lang=russian');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/notes/first-steps-again?lang=russian');
    expect((await get('/notes/first-steps-again?lang=russian')).statusCode).toBe(200);
  });

  it('gives every portfolio item an address, and lists the notes and items in the sitemap in their languages', async () => {
    const project = await get('/api/v1/projects/shop?lang=english');
    expect(project.statusCode).toBe(200);
    expect(project.json().data).toMatchObject({ slug: 'shop', group: 'web', groupTitle: 'Web' });
    expect((await get('/portfolio/shop?lang=russian')).statusCode).toBe(200);
    expect((await get('/portfolio/nothing')).statusCode).toBe(404);

    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain('<loc>https://aziza.example/notes/uzbek-only?lang=russian</loc>');
    expect(sitemap).not.toContain('<loc>https://aziza.example/notes/uzbek-only?lang=english</loc>');
    expect(sitemap).toContain('<loc>https://aziza.example/portfolio/shop</loc>');
  });

  it('counts an entry’s page as itself, and a made-up slug as "other"', async () => {
    const browser = { 'user-agent': BROWSER_USER_AGENT };
    const created = await testApp.app.inject({ url: '/api/v1/visitor/create/web', headers: browser });
    const token = created.json().data.token as string;
    for (const path of ['/notes/newest', '/notes/made-up', '/portfolio/shop', '/portfolio/none']) {
      const visit = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/visitor/visit/web',
        headers: { ...browser, 'x-visitor-key': token },
        payload: { path },
      });
      expect(visit.statusCode).toBe(200);
    }
    const paths = (await testApp.db.selectFrom('visits').select('path').execute()).map((visit) => visit.path);
    expect(paths).toEqual(expect.arrayContaining(['/notes/newest', '/portfolio/shop', OTHER_VALUE]));
    expect(paths).not.toContain('/notes/made-up');
    expect(paths).not.toContain('/portfolio/none');
  });

  it('answers each language’s feeds with the full text, linked from that language’s pages', async () => {
    const rss = await get('/notes/feed/english.xml');
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const channel = new JSDOM(rss.body, { contentType: 'application/xml' }).window.document;
    const items = [...channel.querySelectorAll('item')];
    expect(items.map((item) => item.querySelector('link')?.textContent)).toContain(
      'https://aziza.example/notes/newest?lang=english',
    );
    expect(rss.body).toContain('The body of newest in english.');
    expect(rss.body).not.toContain('uzbek-only');

    const atom = await get('/notes/feed/russian.atom');
    expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(
      new JSDOM(atom.body, { contentType: 'application/xml' }).window.document.querySelector('feed'),
    ).not.toBeNull();
    const json = await get('/notes/feed/lotin.json');
    expect(json.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    expect(JSON.parse(json.body).items.map((item: { url: string }) => item.url)).toContain(
      'https://aziza.example/notes/uzbek-only',
    );
    for (const missing of ['klingon.xml', 'english.rss', 'english.xml.gz', 'english']) {
      expect((await get(`/notes/feed/${missing}`)).statusCode).toBe(404);
    }
    const page = (await get('/about?lang=russian')).body;
    expect(page).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Азиза Тест — Заметки (RSS)" href="https://aziza.example/notes/feed/russian.xml" />',
    );
  });

  it('gives every entry its own shared-link picture per language, named in its head', async () => {
    const page = (await get('/notes/newest?lang=english')).body;
    const address = /<meta property="og:image" content="([^"]+)"/.exec(page)?.[1];
    expect(address).toMatch(/^https:\/\/aziza\.example\/og\/notes\/newest\/english\.jpg\?v=[\w-]{12}$/);
    const picture = await get(new URL(address as string).pathname);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    const { width, height } = await sharp(picture.rawPayload).metadata();
    expect([width, height]).toEqual([1200, 630]);
    // Another note's card is its own picture; a language or slug it lacks has none.
    const other = await get('/og/notes/first-steps-again/english.jpg');
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(picture.rawPayload)).toBe(false);
    for (const missing of [
      '/og/notes/uzbek-only/english.jpg',
      '/og/notes/nothing/lotin.jpg',
      '/og/notes/newest/en.png',
    ]) {
      expect((await get(missing)).statusCode).toBe(404);
    }
    expect((await get('/og/portfolio/shop/russian.jpg')).statusCode).toBe(200);
  });
});
