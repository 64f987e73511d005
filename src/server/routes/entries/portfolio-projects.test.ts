import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../shared/locales.js';
import type { ProjectContent, RenderedEntry } from '../../../shared/schemas/collections.js';
import { refreshPublishedEntries } from '../../collections/entries-state.js';
import { createEntry, publishEntryVersion } from '../../repositories/entry-repository.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { sourcePageRenderer } from '../../test/source-page-renderer.js';

/** A project written in `locales`, as the studio publishes it. */
function project(slug: string, date: string, locales: Locale[], extra: Partial<ProjectContent> = {}): ProjectContent {
  const text = Object.fromEntries(
    locales.map((locale) => [
      locale,
      {
        title: `${slug} title (${locale})`,
        summary: `${slug} summary (${locale})`,
        body: 'Made in the studio.',
        cover_alt: `${slug} cover (${locale})`,
        role: `${slug} role (${locale})`,
      },
    ]),
  );
  return {
    slug,
    status: 'published',
    date,
    tags: ['Studio'],
    cover: 'portfolio/shop.svg',
    group: 'web',
    year: 2026,
    stack: ['TypeScript'],
    links: { live: `https://example.com/${slug}` },
    gallery: [],
    text,
    ...extra,
  } as ProjectContent;
}

function rendered(content: ProjectContent): RenderedEntry {
  return Object.fromEntries(
    Object.keys(content.text).map((locale) => [
      locale,
      {
        html: `<h2 id="start">Start</h2>\n<p>How <strong>${content.slug}</strong> began &amp; grew (${locale}).</p>\n<p>More.</p>`,
        headings: [],
        words: 10,
      },
    ]),
  );
}

/** The portfolio page as the server renders it: each card's id and the title its button shows. */
function cardsOf(html: string): { id: string; title: string; group: string }[] {
  const document = new JSDOM(html).window.document;
  return [...document.querySelectorAll('li[id^="portfolio-item-"]')].map((card) => ({
    id: card.id.replace('portfolio-item-', ''),
    title: card.querySelector('h2 button')?.textContent ?? '',
    // The group's name stands above the title, when the group is one of the portfolio's.
    group: card.querySelector('h2')?.previousElementSibling?.textContent ?? '',
  }));
}

describe('projects published in the studio are the portfolio’s cards too (decision 030)', () => {
  let testApp: TestApp;
  const ids: Record<string, string> = {};
  const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ url, headers });

  async function publish(content: ProjectContent, now?: Date) {
    ids[content.slug] ??= (await createEntry(testApp.db, 'projects', content.slug)).id;
    await publishEntryVersion(
      testApp.db,
      ids[content.slug] as string,
      { content, rendered: rendered(content) },
      { source: 'editor' },
    );
    await refreshPublishedEntries(testApp.db, testApp.app.contentState, now);
  }

  beforeAll(async () => {
    testApp = await createTestApp({ publicUrl: 'https://aziza.example' }, undefined, {
      pageRenderer: await sourcePageRenderer(),
    });
  });
  afterAll(async () => testApp.close());

  it('answers a new project in /pages/portfolio after the items, in the languages it has, and moves the ETag', async () => {
    const before = await get('/api/v1/pages/portfolio');
    // A site with none answers the section as the owner wrote it.
    expect(before.json().data.projects).toBeUndefined();
    await publish(project('older-studio-work', '2026-09-01', ['lotin', 'russian', 'english']));
    await publish(project('studio-work', '2026-10-01', ['lotin', 'russian']));
    // A project with an item's slug gives that item its page; the item is its card.
    await publish(project('shop', '2026-10-02', ['lotin', 'russian', 'english']));

    const after = await get('/api/v1/pages/portfolio');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const { items, projects } = after.json().data;
    expect(items.map((item: { id: string }) => item.id)).toEqual(['shop']);
    expect(projects.map((promoted: { id: string }) => promoted.id)).toEqual(['studio-work', 'older-studio-work']);
    expect(projects[0]).toMatchObject({
      group: 'web',
      year: 2026,
      cover: 'portfolio/shop.svg',
      url: 'https://example.com/studio-work',
      tags: ['Studio'],
      text: {
        lotin: {
          title: 'studio-work title (lotin)',
          summary: 'studio-work summary (lotin)',
          lead: 'How studio-work began & grew (lotin).',
          coverAlt: 'studio-work cover (lotin)',
          role: 'studio-work role (lotin)',
        },
      },
    });
    expect(Object.keys(projects[0].text)).toEqual(['lotin', 'russian']);
  });

  it('renders the project’s card on the server in the languages it has, after the owner’s items', async () => {
    const uzbek = await get('/portfolio');
    expect(uzbek.statusCode).toBe(200);
    expect(cardsOf(uzbek.body)).toEqual([
      { id: 'shop', title: expect.any(String), group: expect.any(String) },
      { id: 'studio-work', title: 'studio-work title (lotin)', group: 'Web (lotin)' },
      { id: 'older-studio-work', title: 'older-studio-work title (lotin)', group: 'Web (lotin)' },
    ]);
    expect(uzbek.body).toContain('alt="studio-work cover (lotin)"');

    const russian = await get('/portfolio?lang=russian');
    expect(cardsOf(russian.body).map((card) => card.title)).toContain('studio-work title (russian)');

    // Not written in English: no card there, and its page is the 404 page.
    const english = await get('/portfolio?lang=english');
    expect(cardsOf(english.body).map((card) => card.id)).toEqual(['shop', 'older-studio-work']);
    // (The page's data holds the section in every language, as it does the items; the markup does not.)
    const root = new JSDOM(english.body).window.document.getElementById('root');
    expect(root?.querySelector('#portfolio-item-studio-work')).toBeNull();
    expect(root?.innerHTML).not.toContain('(lotin)');
    expect((await get('/portfolio/studio-work?lang=english')).statusCode).toBe(404);
    expect((await get('/portfolio/studio-work?lang=russian')).statusCode).toBe(200);
  });

  it("asks for the page's largest picture first, before the fonts and scripts (issue 29)", async () => {
    const headOf = async (url: string) => {
      const { body } = await get(url);
      return body.slice(body.indexOf('<head>'), body.indexOf('</head>'));
    };
    const firstAsked = (head: string) => /<link rel="(?:preload|modulepreload)"[^>]*>/.exec(head)?.[0];
    // The project's own page: its cover.
    const project = await headOf('/portfolio/studio-work');
    expect(firstAsked(project)).toMatch(
      /^<link rel="preload" as="image" href="\/media\/portfolio\/shop\.svg[^"]*" fetchpriority="high">$/,
    );
    // The portfolio: its first card's picture; the home page: the owner's photo.
    expect(firstAsked(await headOf('/portfolio'))).toMatch(/as="image" href="\/media\/[^"]+" fetchpriority="high">$/);
    const home = await headOf('/');
    expect(firstAsked(home)).toMatch(/as="image" href="\/media\/[^"]+" fetchpriority="high">$/);
    // One picture is asked for ahead, not every one.
    expect(home.match(/as="image"/g)).toHaveLength(1);
  });

  it('shows a project of a group the portfolio lacks under "all", without a group name', async () => {
    await publish(project('lone-work', '2026-10-03', ['english'], { group: 'sculpture' }));
    const cards = cardsOf((await get('/portfolio?lang=english')).body);
    expect(cards[1]).toEqual({ id: 'lone-work', title: 'lone-work title (english)', group: '' });
  });

  it('keeps a scheduled project out of the grid until its time', async () => {
    const soon = new Date(Date.now() + 60_000);
    await publish(project('coming-work', soon.toISOString(), ['lotin']));
    expect(cardsOf((await get('/portfolio')).body).map((card) => card.id)).not.toContain('coming-work');
    const hidden = (await get('/api/v1/pages/portfolio')).json().data.projects;
    expect(hidden.map((promoted: { id: string }) => promoted.id)).not.toContain('coming-work');

    await refreshPublishedEntries(testApp.db, testApp.app.contentState, new Date(soon.getTime() + 1000));
    expect(cardsOf((await get('/portfolio')).body).map((card) => card.id)).toEqual([
      'shop',
      'coming-work',
      'studio-work',
      'older-studio-work',
    ]);
  });
});
