import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { HTML_LANG, LOCALES, type Locale } from '../../shared/locales.js';
import type { Identity } from '../../shared/schemas/content.js';
import { buildNoteFeeds, type FeedNote, MAX_FEED_ITEMS, NOTES_WORD, noteFeedUrls, noteUrl } from './feeds.js';

const ORIGIN = 'https://aziza.example';
const ATOM = 'http://www.w3.org/2005/Atom';
const CONTENT = 'http://purl.org/rss/1.0/modules/content/';
const DC = 'http://purl.org/dc/elements/1.1/';

const identity: Identity = {
  first_name: { lotin: 'Aziza', russian: 'Азиза', english: 'Aziza' },
  last_name: { lotin: 'Karimova', russian: 'Каримова', english: 'Karimova' },
  role: { lotin: 'Dasturchi', russian: 'Разработчица', english: 'Developer' },
};

const OWNER: Record<Locale, string> = { lotin: 'Aziza Karimova', russian: 'Азиза Каримова', english: 'Aziza Karimova' };

/** Parses XML the way a feed reader does: a malformed document throws. */
function parseXml(xml: string): Document {
  return new JSDOM(xml, { contentType: 'application/xml' }).window.document;
}

/** A fragment of HTML as a browser would read it. */
function parseHtml(html: string): Document {
  return new JSDOM(`<!doctype html><body>${html}</body>`).window.document;
}

function note(slug: string, date: string, extra: Partial<FeedNote> = {}): FeedNote {
  return {
    slug,
    title: `Title of ${slug}`,
    summary: `Summary of ${slug}.`,
    html: `<h2 id="start">Start</h2><p>Body of ${slug}: the full text.</p>`,
    date,
    tags: ['web'],
    ...extra,
  };
}

const RICH_HTML = [
  '<h2 id="why">Why</h2>',
  '<p>See <a href="#why">this heading</a>, <a href="/notes/other">another note</a>,',
  ' <a href="https://elsewhere.example/page">a site</a> and <a href="mailto:a@b.example">mail</a>.</p>',
  '<p><img src="/media/photo.webp" alt="A photo" srcset="/media/photo-400.webp 400w, /media/photo-800.webp 800w"></p>',
  '<p><a href="../up">up</a> <a href="relative">relative</a></p>',
  '<pre><code class="language-ts"><span class="token">const</span> x = 1;</code></pre>',
].join('');

const NOTES: FeedNote[] = [
  note('older', '2026-10-01T00:00:00.000Z', { tags: ['css', 'html'] }),
  note('newest', '2026-11-20T09:30:00.000Z', {
    html: RICH_HTML,
    tags: ['typescript'],
    cover: { url: '/media/cover.webp', alt: 'The cover' },
  }),
  note('middle', '2026-11-01T12:00:00.000Z'),
];

function feeds(locale: Locale, notes = NOTES, updated?: Date) {
  return buildNoteFeeds({ locale, origin: ORIGIN, identity, notes, ...(updated ? { updated } : {}) });
}

interface JsonFeedItem {
  id: string;
  url: string;
  title: string;
  content_html: string;
  summary: string;
  date_published: string;
  tags: string[];
  image?: string;
  authors: Array<{ name: string }>;
}
interface JsonFeed {
  version: string;
  title: string;
  home_page_url: string;
  feed_url: string;
  language: string;
  authors: Array<{ name: string }>;
  items: JsonFeedItem[];
}

function rssItems(document: Document) {
  return [...document.querySelectorAll('channel > item')];
}
function atomEntries(document: Document) {
  return [...document.getElementsByTagNameNS(ATOM, 'entry')];
}
function atomChild(element: Element, name: string) {
  return [...element.children].find((child) => child.namespaceURI === ATOM && child.localName === name);
}
function rssChild(element: Element, name: string, namespace: string | null = null) {
  return [...element.children].find((child) => child.namespaceURI === namespace && child.localName === name);
}

describe('note feeds', () => {
  it('builds addresses the way the site writes them: the default language at the plain path', () => {
    expect(noteUrl(ORIGIN, 'hello', 'lotin')).toBe(`${ORIGIN}/notes/hello`);
    expect(noteUrl(ORIGIN, 'hello', 'russian')).toBe(`${ORIGIN}/notes/hello?lang=russian`);
    expect(noteFeedUrls(ORIGIN, 'english')).toEqual({
      rss: `${ORIGIN}/notes/feed/english.xml`,
      atom: `${ORIGIN}/notes/feed/english.atom`,
      json: `${ORIGIN}/notes/feed/english.json`,
    });
  });

  describe.each(LOCALES)('in %s', (locale) => {
    const title = `${OWNER[locale]} — ${NOTES_WORD[locale]}`;
    const home = locale === 'lotin' ? `${ORIGIN}/notes` : `${ORIGIN}/notes?lang=${locale}`;
    const link = (slug: string) => noteUrl(ORIGIN, slug, locale);
    const urls = noteFeedUrls(ORIGIN, locale);

    it('RSS 2.0: title, language, self link, newest first, the full text in content:encoded', () => {
      const document = parseXml(feeds(locale).rss);
      expect(document.documentElement.localName).toBe('rss');
      expect(document.documentElement.getAttribute('version')).toBe('2.0');
      const channel = document.querySelector('rss > channel');
      if (!channel) throw new Error('no channel');
      expect(rssChild(channel, 'title')?.textContent).toBe(title);
      expect(rssChild(channel, 'language')?.textContent).toBe(HTML_LANG[locale]);
      expect(rssChild(channel, 'link')?.textContent).toBe(home);
      const self = [...channel.getElementsByTagNameNS(ATOM, 'link')].find(
        (element) => element.getAttribute('rel') === 'self',
      );
      expect(self?.getAttribute('href')).toBe(urls.rss);
      expect(self?.getAttribute('type')).toBe('application/rss+xml');

      const items = rssItems(document);
      expect(items.map((item) => rssChild(item, 'link')?.textContent)).toEqual([
        link('newest'),
        link('middle'),
        link('older'),
      ]);
      const [newest, , older] = items;
      if (!newest || !older) throw new Error('missing items');
      expect(rssChild(newest, 'title')?.textContent).toBe('Title of newest');
      expect(rssChild(newest, 'guid')?.textContent).toBe(link('newest'));
      expect(rssChild(newest, 'guid')?.getAttribute('isPermaLink')).toBe('true');
      expect(rssChild(newest, 'pubDate')?.textContent).toBe('Fri, 20 Nov 2026 09:30:00 GMT');
      expect(rssChild(newest, 'creator', DC)?.textContent).toBe(OWNER[locale]);
      expect(parseHtml(rssChild(newest, 'description')?.textContent ?? '').body.textContent).toBe('Summary of newest.');
      const body = parseHtml(rssChild(newest, 'encoded', CONTENT)?.textContent ?? '');
      expect(body.body.textContent).toContain('See this heading, another note');
      expect(body.querySelector('pre code span.token')?.textContent).toBe('const');
      expect([...older.querySelectorAll('category')].map((category) => category.textContent)).toEqual(['css', 'html']);
    });

    it('Atom: title, xml:lang, self link, entries with html content, author and categories', () => {
      const document = parseXml(feeds(locale).atom);
      const feed = document.documentElement;
      expect(feed.namespaceURI).toBe(ATOM);
      expect(feed.getAttribute('xml:lang')).toBe(HTML_LANG[locale]);
      expect(atomChild(feed, 'title')?.textContent).toBe(title);
      expect(atomChild(feed, 'id')?.textContent).toBe(home);
      expect(atomChild(feed, 'updated')?.textContent).toBe('2026-11-20T09:30:00.000Z');
      expect(atomChild(atomChild(feed, 'author') as Element, 'name')?.textContent).toBe(OWNER[locale]);
      const links = [...feed.children].filter((child) => child.localName === 'link');
      expect(links.map((element) => [element.getAttribute('rel'), element.getAttribute('href')])).toEqual([
        ['alternate', home],
        ['self', urls.atom],
      ]);

      const entries = atomEntries(document);
      expect(entries.map((entry) => atomChild(entry, 'id')?.textContent)).toEqual([
        link('newest'),
        link('middle'),
        link('older'),
      ]);
      const [newest, , older] = entries;
      if (!newest || !older) throw new Error('missing entries');
      expect(atomChild(newest, 'link')?.getAttribute('href')).toBe(link('newest'));
      expect(atomChild(newest, 'published')?.textContent).toBe('2026-11-20T09:30:00.000Z');
      expect(atomChild(newest, 'updated')?.textContent).toBe('2026-11-20T09:30:00.000Z');
      expect(atomChild(newest, 'title')?.getAttribute('type')).toBe('html');
      expect(parseHtml(atomChild(newest, 'title')?.textContent ?? '').body.textContent).toBe('Title of newest');
      expect(parseHtml(atomChild(newest, 'summary')?.textContent ?? '').body.textContent).toBe('Summary of newest.');
      const content = atomChild(newest, 'content');
      expect(content?.getAttribute('type')).toBe('html');
      expect(parseHtml(content?.textContent ?? '').body.textContent).toContain('See this heading, another note');
      expect(atomChild(atomChild(newest, 'author') as Element, 'name')?.textContent).toBe(OWNER[locale]);
      expect(
        [...older.children].filter((child) => child.localName === 'category').map((c) => c.getAttribute('term')),
      ).toEqual(['css', 'html']);
    });

    it('JSON Feed 1.1: the fields readers need, newest first, the full text in content_html', () => {
      const feed = JSON.parse(feeds(locale).json) as JsonFeed;
      expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
      expect(feed.title).toBe(title);
      expect(feed.home_page_url).toBe(home);
      expect(feed.feed_url).toBe(urls.json);
      expect(feed.language).toBe(HTML_LANG[locale]);
      expect(feed.authors).toEqual([{ name: OWNER[locale] }]);
      expect(feed.items.map((item) => item.id)).toEqual([link('newest'), link('middle'), link('older')]);
      const [newest, , older] = feed.items;
      if (!newest || !older) throw new Error('missing items');
      expect(newest.url).toBe(link('newest'));
      expect(newest.title).toBe('Title of newest');
      expect(newest.summary).toBe('Summary of newest.');
      expect(newest.date_published).toBe('2026-11-20T09:30:00.000Z');
      expect(newest.tags).toEqual(['typescript']);
      expect(newest.image).toBe(`${ORIGIN}/media/cover.webp`);
      expect(newest.authors).toEqual([{ name: OWNER[locale] }]);
      expect(parseHtml(newest.content_html).body.textContent).toContain('See this heading, another note');
      expect(older.tags).toEqual(['css', 'html']);
    });

    it('makes every address in the body absolute against the note, in all three formats', () => {
      const { rss, atom, json } = feeds(locale);
      const bodies = [
        rssChild(rssItems(parseXml(rss))[0] as Element, 'encoded', CONTENT)?.textContent ?? '',
        atomChild(atomEntries(parseXml(atom))[0] as Element, 'content')?.textContent ?? '',
        (JSON.parse(json) as JsonFeed).items[0]?.content_html ?? '',
      ];
      for (const html of bodies) {
        const body = parseHtml(html);
        const hrefs = [...body.querySelectorAll('a')].map((a) => a.getAttribute('href'));
        expect(hrefs).toEqual([
          `${link('newest')}#why`,
          `${ORIGIN}/notes/other`,
          'https://elsewhere.example/page',
          'mailto:a@b.example',
          `${ORIGIN}/up`,
          `${ORIGIN}/notes/relative`,
        ]);
        const images = [...body.querySelectorAll('img')];
        // The cover comes first, described, then the body's own picture.
        expect(images.map((image) => [image.getAttribute('src'), image.getAttribute('alt')])).toEqual([
          [`${ORIGIN}/media/cover.webp`, 'The cover'],
          [`${ORIGIN}/media/photo.webp`, 'A photo'],
        ]);
        expect(images[1]?.getAttribute('srcset')).toBe(
          `${ORIGIN}/media/photo-400.webp 400w, ${ORIGIN}/media/photo-800.webp 800w`,
        );
      }
    });
  });

  it(`keeps the ${MAX_FEED_ITEMS} newest notes`, () => {
    expect(MAX_FEED_ITEMS).toBe(50);
    const many = Array.from({ length: 60 }, (_, index) =>
      note(`note-${index}`, new Date(Date.UTC(2026, 0, 1 + index)).toISOString()),
    );
    const { rss, atom, json } = feeds('english', [...many.slice(25), ...many.slice(0, 25)]);
    const expected = Array.from({ length: 50 }, (_, index) => noteUrl(ORIGIN, `note-${59 - index}`, 'english'));
    expect(rssItems(parseXml(rss)).map((item) => rssChild(item, 'link')?.textContent)).toEqual(expected);
    expect(atomEntries(parseXml(atom)).map((entry) => atomChild(entry, 'id')?.textContent)).toEqual(expected);
    expect((JSON.parse(json) as JsonFeed).items.map((item) => item.id)).toEqual(expected);
  });

  it('gives valid empty feeds, updated when the caller says', () => {
    const updated = new Date('2026-11-26T10:00:00.000Z');
    const { rss, atom, json } = feeds('russian', [], updated);
    expect(rssItems(parseXml(rss))).toHaveLength(0);
    expect(rssChild(parseXml(rss).querySelector('channel') as Element, 'lastBuildDate')?.textContent).toBe(
      updated.toUTCString(),
    );
    const feed = parseXml(atom).documentElement;
    expect(atomEntries(feed.ownerDocument)).toHaveLength(0);
    expect(atomChild(feed, 'updated')?.textContent).toBe(updated.toISOString());
    expect((JSON.parse(json) as JsonFeed).items).toEqual([]);
  });

  it("is the same for the same input (no clock, no randomness), whatever the notes' order", () => {
    expect(feeds('lotin')).toEqual(feeds('lotin'));
    const sameDay = [note('b-note', '2026-11-20T00:00:00.000Z'), note('a-note', '2026-11-20T00:00:00.000Z')];
    expect(feeds('lotin', sameDay)).toEqual(feeds('lotin', [...sameDay].reverse()));
  });

  it('leaves out a note whose date is not a date, rather than failing the feed', () => {
    const { json } = feeds('english', [note('fine', '2026-11-20T00:00:00.000Z'), note('broken', 'not a date')]);
    expect((JSON.parse(json) as JsonFeed).items.map((item) => item.id)).toEqual([noteUrl(ORIGIN, 'fine', 'english')]);
  });

  describe('nothing the owner writes breaks the XML', () => {
    const hostile = 'a < b & c &amp; "q" \'s\' ]]> d ]]> e ]]]]> <script>x</script>';
    const controls = '\u0000\u0001\u0008\u000B\u000C\u001F\uFFFE\uFFFF\uD800';
    const clean = `${hostile} end`;
    const hostileIdentity: Identity = {
      ...identity,
      first_name: { lotin: `Az<i>za & ]]>${controls}`, russian: 'A', english: 'A' },
    };
    const ownerName = 'Az<i>za & ]]> Karimova';
    const hostileNote: FeedNote = {
      slug: 'hostile',
      title: `${hostile}${controls} end`,
      summary: `${hostile}${controls} end`,
      html: `<p title="x ]]> y">text ]]&gt; more${controls}</p><p>${'&lt;'}tag&gt; &amp; ]]&gt;</p><style>p::after { content: "]]> ]]>"; }</style>`,
      date: '2026-11-20T00:00:00.000Z',
      tags: [`<t&g "q">`, `]]>${controls}`, '&amp;'],
      cover: { url: '/media/c.webp', alt: `cover ${hostile}` },
    };
    const built = buildNoteFeeds({ locale: 'lotin', origin: ORIGIN, identity: hostileIdentity, notes: [hostileNote] });

    it('RSS parses and gives the text back as written, without the characters XML forbids', () => {
      const document = parseXml(built.rss);
      const channel = document.querySelector('channel') as Element;
      expect(rssChild(channel, 'title')?.textContent).toBe(`${ownerName} — Qaydlar`);
      const item = rssItems(document)[0] as Element;
      expect(rssChild(item, 'title')?.textContent).toBe(clean);
      expect(parseHtml(rssChild(item, 'description')?.textContent ?? '').body.textContent).toBe(clean);
      expect(rssChild(item, 'creator', DC)?.textContent).toBe(ownerName);
      expect([...item.querySelectorAll('category')].map((category) => category.textContent)).toEqual([
        '<t&g "q">',
        ']]>',
        '&amp;',
      ]);
      const body = parseHtml(rssChild(item, 'encoded', CONTENT)?.textContent ?? '');
      expect(body.querySelector('img')?.getAttribute('alt')).toBe(`cover ${hostile}`);
      expect(body.querySelectorAll('p')[1]?.getAttribute('title')).toBe('x ]]> y');
      expect(body.querySelectorAll('p')[1]?.textContent).toBe('text ]]> more');
      expect(body.querySelectorAll('p')[2]?.textContent).toBe('<tag> & ]]>');
      expect(body.querySelector('script')).toBeNull();
    });

    it('Atom parses and gives the text back as written', () => {
      const document = parseXml(built.atom);
      const feed = document.documentElement;
      expect(atomChild(feed, 'title')?.textContent).toBe(`${ownerName} — Qaydlar`);
      const entry = atomEntries(document)[0] as Element;
      expect(parseHtml(atomChild(entry, 'title')?.textContent ?? '').body.textContent).toBe(clean);
      expect(parseHtml(atomChild(entry, 'summary')?.textContent ?? '').body.textContent).toBe(clean);
      expect(atomChild(atomChild(entry, 'author') as Element, 'name')?.textContent).toBe(ownerName);
      expect(
        [...entry.children].filter((child) => child.localName === 'category').map((c) => c.getAttribute('term')),
      ).toEqual(['<t&g "q">', ']]>', '&amp;']);
      const body = parseHtml(atomChild(entry, 'content')?.textContent ?? '');
      expect(body.querySelectorAll('p')[1]?.textContent).toBe('text ]]> more');
      expect(body.querySelectorAll('p')[2]?.textContent).toBe('<tag> & ]]>');
    });

    it('JSON Feed keeps the same clean text', () => {
      const feed = JSON.parse(built.json) as JsonFeed;
      expect(feed.title).toBe(`${ownerName} — Qaydlar`);
      expect(feed.items[0]?.title).toBe(clean);
      expect(feed.items[0]?.summary).toBe(clean);
      expect(feed.items[0]?.tags).toEqual(['<t&g "q">', ']]>', '&amp;']);
      expect(parseHtml(feed.items[0]?.content_html ?? '').querySelectorAll('p')[1]?.textContent).toBe('text ]]> more');
    });
  });
});
