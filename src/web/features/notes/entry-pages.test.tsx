import { describe, expect, it } from 'vitest';
import { sampleContent } from '../../../server/test/sample-content.js';
import type { Locale } from '../../../shared/locales.js';
import type { EntryPages } from '../../../shared/page-rendering.js';
import type { EntryCard, NoteListView, NoteView, ProjectView } from '../../../shared/schemas/entry-views.js';
import { createPageRenderer } from '../../entry-server.js';

function card(slug: string, locale: Locale, extra: Partial<EntryCard> = {}): EntryCard {
  return {
    collection: 'notes',
    slug,
    locale,
    title: `${slug} title (${locale})`,
    summary: `${slug} summary`,
    date: '2026-11-20T00:00:00.000Z',
    tags: ['design'],
    minutes: 5,
    locales: [locale],
    ...extra,
  };
}

const headings = [
  { depth: 2, id: 'why', text: 'Why' },
  { depth: 3, id: 'why-now', text: 'Why now' },
  { depth: 2, id: 'how', text: 'How' },
];

/** Two notes in English, one only in Russian; one project; nothing else exists. */
const entries: EntryPages = {
  noteList(locale, { tag, page = 1 }) {
    if (page > 2 || (tag !== undefined && tag !== 'design')) return undefined;
    const notes = locale === 'english' ? [card('first', locale), card('second', locale)] : [];
    return {
      locale,
      ...(tag === undefined ? {} : { tag }),
      page,
      pageCount: 2,
      notes,
      tags: notes.length ? [{ tag: 'design', count: 2 }] : [],
      elsewhere: locale === 'russian' ? [] : [card('russian-only', 'russian')],
    } satisfies NoteListView;
  },
  note(locale, slug) {
    if (locale !== 'english' || slug !== 'first') return undefined;
    return {
      ...card('first', locale),
      html: '<h2 id="why"><a class="heading-anchor" href="#why">Why</a></h2><p>Because <script>no</script></p>',
      headings,
      older: { slug: 'second', title: 'Second note' },
    } satisfies NoteView;
  },
  project(locale, slug) {
    if (slug !== 'shop') return undefined;
    return {
      ...card('shop', locale, { collection: 'projects' }),
      html: '<p>The shop.</p>',
      headings: [],
      role: 'Lead designer',
      group: 'web',
      groupTitle: 'Web',
      year: 2025,
      stack: ['React', 'Figma'],
      links: [
        { kind: 'live', url: 'https://example.com' },
        { kind: 'code', url: 'https://example.com/code' },
      ],
      gallery: [{ image: 'portfolio/shop.svg', caption: 'The basket' }],
    } satisfies ProjectView;
  },
};

const request = { theme: undefined, jokeIndex: 2 } as const;

/** A page of the site with the entries above, as the server renders it. */
async function renderPage(path: string, locale: Locale, search = '') {
  const renderer = await createPageRenderer(sampleContent(), {}, entries);
  return renderer.render({ ...request, path, locale, search });
}

describe('the collections’ pages rendered on the server (issue 27)', () => {
  it('lists the notes of a language with their tags, pages and the notes written elsewhere', async () => {
    const page = await renderPage('/notes', 'english', '?tag=design');
    expect(page).toMatchObject({ status: 200, page: 'notes' });
    expect(page.html).toContain('<h1 tabindex="-1">Notes</h1>');
    expect(page.html).toContain('href="/notes/first"');
    // The current tag is marked; "all" is not.
    expect(page.html).toMatch(/<a class="[^"]*" aria-current="page" href="\/notes\?tag=design"/);
    expect(page.html).toMatch(/<a class="[^"]*" href="\/notes"[^>]*>All<\/a>/);
    expect(page.html).toContain('5 min read');
    expect(page.html).toContain('November 20, 2026');
    // Page 2 keeps the tag.
    expect(page.html).toContain('href="/notes?tag=design&amp;page=2"');
    // The Russian-only note, with its language named, linking to its page in Russian.
    expect(page.html).toContain('Also in other languages');
    expect(page.html).toContain('href="/notes/russian-only?lang=russian"');
    expect(page.html).toContain('<span lang="ru">Русский</span>');
    // "Notes" is in the menu in a language with notes.
    expect(page.html).toMatch(/<nav[^>]*id="main-menu"[\s\S]*href="\/notes"[\s\S]*<\/nav>/);
  });

  it('says in words that a language has no notes yet, and leaves "Notes" out of its menu', async () => {
    const page = await renderPage('/notes', 'russian');
    expect(page.status).toBe(200);
    expect(page.html).toContain('На этом языке заметок пока нет.');
    const menu = /<nav[^>]*id="main-menu"[\s\S]*?<\/nav>/.exec(page.html)?.[0];
    expect(menu).toBeDefined();
    expect(menu).not.toContain('/notes');
  });

  it('renders a note with its table of contents, its body, its neighbour and the way back', async () => {
    const page = await renderPage('/notes/first', 'english');
    expect(page).toMatchObject({ status: 200, page: 'note' });
    expect(page.html).toContain('first title (english)</h1>');
    expect(page.html).toMatch(/<nav[^>]*aria-labelledby="contents-title"/);
    expect(page.html).toContain('<a href="#why-now">Why now</a>');
    expect(page.html).toContain('<h2 id="why"><a class="heading-anchor" href="#why">Why</a></h2>');
    expect(page.html).toContain('href="/notes/second"');
    expect(page.html).toContain('Older note');
    expect(JSON.parse(page.hydrationData).loaderData.note.slug).toBe('first');
  });

  it('answers the 404 page with status 404 for a note missing in a language, an unknown slug or page', async () => {
    for (const [path, search] of [
      ['/notes/first', ''],
      ['/notes/nowhere', ''],
      ['/notes', '?page=3'],
      ['/notes', '?page=zero'],
      ['/notes', '?tag=unknown'],
      ['/portfolio/nowhere', ''],
    ] as const) {
      const page = await renderPage(path, 'russian', search);
      expect(page.status, path + search).toBe(404);
      expect(page.page, path + search).toBe('not-found');
      // The heading's words, across the big number's own element.
      expect(page.html.replace(/<[^>]+>/g, ''), path + search).toContain('404 – Страница не найдена');
    }
  });

  it('renders a project with its role, stack, typed links and captioned gallery', async () => {
    const page = await renderPage('/portfolio/shop', 'english');
    expect(page).toMatchObject({ status: 200, page: 'project' });
    expect(page.html).toContain('shop title (english)</h1>');
    expect(page.html).toContain('Lead designer');
    expect(page.html).toContain('<li>Figma</li>');
    expect(page.html).toContain('Live site');
    expect(page.html).toContain('Source code');
    expect(page.html).toContain('<figcaption lang="en">The basket</figcaption>');
  });

  it('without entries the site is the spec’s: no "Notes" link, and /notes is the 404 page', async () => {
    const renderer = await createPageRenderer(sampleContent());
    const home = await renderer.render({ ...request, path: '/', locale: 'english' });
    expect(home.html).not.toContain('href="/notes"');
    const notes = await renderer.render({ ...request, path: '/notes', locale: 'english' });
    expect(notes.status).toBe(404);
  });
});
