import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/locales.js';
import type { NoteContent, ProjectContent } from '../../../shared/schemas/collections.js';
import { refreshPublishedEntries } from '../../collections/entries-state.js';
import { createEntry, publishEntryVersion } from '../../repositories/entry-repository.js';
import { testDialect } from '../../test/helper.js';
import { callContentApi, createOwnerTestApp, type OwnerTestApp } from '../../test/owner-app.js';
import { sampleContent } from '../../test/sample-content.js';
import { sourcePageRenderer } from '../../test/source-page-renderer.js';

describe(`the studio's draft preview on ${testDialect}`, () => {
  let testApp: OwnerTestApp;
  beforeAll(async () => {
    testApp = await createOwnerTestApp({}, sampleContent(), { pageRenderer: await sourcePageRenderer() });
    const draft = sampleContent();
    draft.identity.first_name.english = 'Drafted';
    // What the footer editor's toolbar writes, and what the sanitizer must take out as it does for visitors.
    draft.footer.description.english =
      '<p>Made with <strong>care</strong> <img src="x" onerror="alert(1)"><script>alert(2)</script></p>';
    const saved = await preview('PUT', '/draft', { content: draft, basedOn: 1, revision: 0 });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => testApp.close());

  function preview(method: 'GET' | 'PUT', url: string, payload?: object) {
    return callContentApi(testApp, method, url, payload);
  }

  it('renders the 404 page from the draft, with its name and its sanitized footer', async () => {
    const page = await preview('GET', '/preview/not-found?lang=english');
    expect(page.statusCode).toBe(404);
    expect(page.body).toMatch(/<h1 id="not-found-title"[^>]*>(<[^>]*>)*404/);
    expect(page.body).toMatch(/<title>[^<]*Drafted Test[^<]*<\/title>/);
    expect(page.body).toContain('<p>Made with <strong>care</strong> </p>');
    expect(page.body).not.toContain('onerror');
    expect(page.body).not.toContain('alert(');

    // Visitors' 404 page still shows the published content.
    const visitors = await testApp.app.inject({ url: '/not-found?lang=english' });
    expect(visitors.statusCode).toBe(404);
    expect(visitors.body).not.toContain('Drafted');
    expect(visitors.body).not.toContain('Made with');
  });

  it("shows the site as publishing the draft would: the notes and projects published now come with the draft's sections", async () => {
    const note: NoteContent = {
      slug: 'previewed-note',
      status: 'published',
      date: '2026-11-20',
      tags: [],
      text: { english: { title: 'A note beside the draft', summary: 'Published.', body: 'Words.' } },
    };
    const project: ProjectContent = {
      slug: 'previewed-project',
      status: 'published',
      date: '2026-11-21',
      tags: ['Studio'],
      group: 'web',
      year: 2026,
      stack: [],
      links: {},
      gallery: [],
      text: { english: { title: 'A project from the studio', summary: 'Published too.', body: 'Words.' } },
    };
    for (const [collection, content] of [
      ['notes', note],
      ['projects', project],
    ] as const) {
      const entry = await createEntry(testApp.db, collection, content.slug);
      const rendered = { english: { html: '<p>Words.</p>', headings: [], words: 1 } };
      await publishEntryVersion(testApp.db, entry.id, { content, rendered }, { source: 'editor' });
    }
    await refreshPublishedEntries(testApp.db, testApp.app.contentState);

    const portfolio = await preview('GET', '/preview/portfolio?lang=english');
    expect(portfolio.statusCode).toBe(200);
    expect(portfolio.body).toContain('Drafted');
    expect(portfolio.body).toContain('A project from the studio');
    // The header links the notes, as it will once the draft is published.
    expect(portfolio.body).toMatch(/<a [^>]*href="\/notes"/);
  });

  it('carries no script element on any page, in any language, where the same pages for visitors carry several', async () => {
    for (const path of ['', 'about', 'portfolio', 'contact', 'not-found']) {
      for (const locale of LOCALES) {
        const page = await preview('GET', `/preview/${path}?lang=${locale}&theme=dark`);
        expect(page.body, `${path} in ${locale}`).toContain('</main>');
        expect(page.body, `${path} in ${locale}`).not.toMatch(/<script|modulepreload/i);
        const visitors = await testApp.app.inject({ url: `/${path}?lang=${locale}` });
        expect(visitors.body, `${path} in ${locale}`).toContain('<script id="site-data" type="application/json">');
        expect(visitors.body, `${path} in ${locale}`).toContain('<script type="module"');
      }
    }
  });

  /** Saves `content` over the draft as the studio does, from the revision the draft is at now. */
  async function saveDraft(content: unknown) {
    const current = JSON.parse((await preview('GET', '/draft')).body).data.draft;
    const saved = await preview('PUT', '/draft', { content, basedOn: current.basedOn, revision: current.revision });
    expect(saved.statusCode).toBe(200);
  }

  /** The page's text as a reader sees it: tags out, entities read. */
  const textOf = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'");

  it('previews a draft with an empty text: the missing text is marked in place, the other languages show theirs', async () => {
    const draft = sampleContent();
    draft.home.greeting.english = '';
    draft.home.photo_alt.english = '   ';
    await saveDraft(draft);

    const english = await preview('GET', '/preview?lang=english');
    expect(english.statusCode).toBe(200);
    const marker = english.body.match(
      /<mark class="sahifa-preview-marker" data-field="home\.greeting\.english"[^>]*>([^<]*)<\/mark>/,
    );
    expect(marker?.[1]).toBe('Missing: English text');
    // In an attribute (the photo's alt) the marker is words, never markup.
    expect(english.body).toMatch(/alt="Missing: English text"/);
    expect(english.body).not.toMatch(/="[^"]*<mark/);
    expect(english.body).not.toMatch(/[\uE000\uE001]/);
    // The marker's look is allowed by the page's policy, by its hash.
    const style = english.body.match(/<style>(\.sahifa-preview-marker[^<]*)<\/style>/)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(english.headers['content-security-policy']).toContain(`'sha256-${hash}'`);

    const russian = await preview('GET', '/preview?lang=russian');
    expect(russian.statusCode).toBe(200);
    expect(textOf(russian.body)).toContain('Hello (russian)');
    expect(russian.body).not.toContain('sahifa-preview-marker"');
  });

  it('previews a draft with wrong types: the parts that cannot be shown come from the published version, and the page says so', async () => {
    const draft = sampleContent() as unknown as Record<
      'identity' | 'home' | 'about' | 'portfolio' | 'footer' | 'extra',
      Record<string, unknown>
    >;
    draft.home = 'not a section' as unknown as Record<string, unknown>;
    draft.identity.first_name = { lotin: 7, russian: ['x'], english: 'Typed' };
    draft.about.experience = 5;
    (draft.portfolio.items as Record<string, unknown>[])[0] = {
      ...(draft.portfolio.items as Record<string, unknown>[])[0],
      year: 'last year',
      group: 'nowhere',
    };
    draft.footer.description = { lotin: 1, russian: null, english: '<p>Hi <script>alert(1)</script></p>' };
    draft.extra = { anything: true };
    await saveDraft(draft);

    for (const path of ['', 'about', 'portfolio', 'contact', 'not-found']) {
      for (const locale of LOCALES) {
        const page = await preview('GET', `/preview/${path}?lang=${locale}`);
        expect(page.statusCode, `${path} in ${locale}`).toBe(path === 'not-found' ? 404 : 200);
        expect(page.body, `${path} in ${locale}`).toContain('</main>');
        expect(page.body, `${path} in ${locale}`).toContain('class="sahifa-preview-note"');
        expect(page.body, `${path} in ${locale}`).not.toMatch(/<script|alert\(/i);
      }
    }
    const home = await preview('GET', '/preview?lang=english');
    // The home section as published; the typed English name as drafted, the other two marked.
    expect(textOf(home.body)).toContain('Hello');
    expect(textOf(home.body)).toContain('Typed');
    const lotin = await preview('GET', '/preview?lang=lotin');
    expect(lotin.body).toContain('data-field="identity.first_name.lotin"');
  });

  it('previews a draft that is not content at all as the published site, with the note', async () => {
    await saveDraft({ identity: 'x', home: 1, about: null, portfolio: [], footer: false });
    const page = await preview('GET', '/preview/about?lang=english');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('class="sahifa-preview-note"');
    expect(textOf(page.body)).toContain('About me.');
  });
});
