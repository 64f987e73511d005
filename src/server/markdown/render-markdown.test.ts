import { describe, expect, it } from 'vitest';
import type { NoteContent } from '../../shared/schemas/collections.js';
import { parsedHtml } from '../test/parsed-html.js';
import { renderEntry, renderMarkdown } from './render-markdown.js';
import englishTexts from './texts/english.json' with { type: 'json' };
import lotinTexts from './texts/lotin.json' with { type: 'json' };
import russianTexts from './texts/russian.json' with { type: 'json' };

const english = { locale: 'english' } as const;
const html = async (source: string) => (await renderMarkdown(source, english)).html;

/**
 * What the pipeline may write, and nothing else: written out here on its own, not read from the
 * sanitizer's schema, so a tag added there fails here.
 */
const ALLOWED_TAGS = new Set(
  'a blockquote br code del div em h2 h3 h4 h5 h6 hr img input li ol p pre section span strong sup table tbody td th thead tr ul'.split(
    ' ',
  ),
);

// Markdown's own ways in, and HTML's (OWASP's filter evasion cheat sheet) written into Markdown.
const HOSTILE = [
  '<script>alert(1)</script>',
  'Text <script>alert(1)</script> more',
  '<img src=x onerror=alert(1)>',
  'inline <img src=x onerror=alert(1)> html',
  '<p onclick="alert(1)">x</p>',
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](&#x6A;&#x61;vascript:alert(1))',
  '[x](<java\tscript:alert(1)>)',
  '[x](<java&#9;script:alert(1)>)',
  '[x]( javascript:alert(1))',
  '[x](\u0001javascript:alert(1))',
  '[x](javascript&colon;alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](DATA:text/html,<script>alert(1)</script>)',
  '[x](vbscript:msgbox(1))',
  '[x][r]\n\n[r]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '<data:text/html,alert(1)>',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '<!-- <img src=x onerror=alert(1)> -->',
  '<!-- a private note -->',
  '<iframe src="https://evil.example" srcdoc="<script>alert(1)</script>"></iframe>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<a href="javascript:alert(1)">x</a>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<base href="javascript:/">[x](/x)',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<form><button formaction=javascript:alert(1)>x</button></form>',
  '"><img src=x onerror=alert(1)>',
  '[<img src=x onerror=alert(1)>](https://ok.example)',
  '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")',
  '![x" onerror="alert(1)](notes/x.webp)',
  '## <img src=x onerror=alert(1)> heading',
  '```html\n<script>alert(1)</script>\n```',
  '`<script>alert(1)</script>`',
  '- [x] <input onfocus=alert(1) autofocus>',
  '| a |\n| - |\n| <img src=x onerror=alert(1)> |',
  'x[^1]\n\n[^1]: <script>alert(1)</script>',
  'x[^a"onmouseover="alert(1)]\n\n[^a"onmouseover="alert(1)]: y',
];

describe('renderMarkdown: nothing runs', () => {
  it.each(HOSTILE)('leaves nothing that runs in %j', async (source) => {
    const output = await html(source);
    const { tags, attributes } = parsedHtml(output);
    for (const tag of tags) expect(ALLOWED_TAGS, `<${tag}> in ${output}`).toContain(tag);
    for (const attribute of attributes) {
      expect(attribute, output).not.toMatch(/^on/i);
      expect(attribute, output).not.toMatch(/^style=/i);
      const [name, ...rest] = attribute.split('=');
      const value = rest.join('=');
      if (name === 'href' || name === 'src') {
        // Only the web, mail, phone, and the site's own addresses.
        expect(value, output).toMatch(/^(?:https?:\/\/|mailto:|tel:|\/|#)/i);
        expect(value.replace(/[\s\p{Cc}]/gu, ''), output).not.toMatch(/^(?:javascript|data|vbscript):/i);
      }
    }
    expect(output).not.toMatch(/<script|<iframe|<svg|<math|<style/i);
  });

  it('drops raw HTML, and HTML comments with what they hide', async () => {
    expect(await html('<div>\nhidden\n</div>')).toBe('');
    expect(await html('a <b>bold</b> c')).toBe('<p>a bold c</p>');
    expect(await html('before\n\n<!-- a private note -->\n\nafter')).toBe('<p>before</p>\n<p>after</p>');
  });

  it('keeps a dangerous link’s words and drops the link', async () => {
    expect(await html('[click me](javascript:alert(1))')).toBe('<p>click me</p>');
    expect(await html('<javascript:alert(1)>')).toBe('<p>javascript:alert(1)</p>');
  });

  it('keeps web, mail, phone and the site’s own links, with no target', async () => {
    const output = await html(
      '[a](https://example.com/x?y=1) [b](mailto:me@example.com) [c](tel:+998901234567) [d](/notes/other) [e](#intro) www.example.org',
    );
    expect(output).toContain('<a href="https://example.com/x?y=1">a</a>');
    expect(output).toContain('<a href="mailto:me@example.com">b</a>');
    expect(output).toContain('<a href="tel:+998901234567">c</a>');
    expect(output).toContain('<a href="/notes/other">d</a>');
    expect(output).toContain('<a href="#intro">e</a>');
    expect(output).toContain('<a href="http://www.example.org">www.example.org</a>');
    expect(output).not.toContain('target=');
  });

  it('disables task lists’ checkboxes', async () => {
    const output = await html('- [x] done\n- [ ] to do');
    const inputs = output.match(/<input[^>]*>/g) ?? [];
    expect(inputs).toHaveLength(2);
    for (const input of inputs) expect(input).toMatch(/ disabled/);
    expect(inputs[0]).toContain('checked');
  });

  it('wraps tables so they scroll sideways on a phone', async () => {
    const output = await html('| a | b |\n| :- | -: |\n| 1 | 2 |');
    expect(output).toMatch(/^<div class="table-scroll" tabindex="0"><table>/);
    expect(output).toContain('<td align="right">2</td>');
  });

  it('has its texts in every language, with the same keys', () => {
    for (const texts of [russianTexts, englishTexts])
      expect(Object.keys(texts).sort()).toEqual(Object.keys(lotinTexts).sort());
  });

  it('writes footnotes in the page’s language, hidden heading included', async () => {
    const russian = await renderMarkdown('Текст[^1].\n\n[^1]: Примечание.', { locale: 'russian' });
    expect(russian.html).toContain('<h2 class="visually-hidden" id="footnote-label">Примечания</h2>');
    expect(russian.html).toContain('href="#fn-1"');
    expect(russian.html).toContain('id="fnref-1"');
    expect(russian.headings).toEqual([]);
    // Also in a body whose headings moved one level down.
    const demoted = await renderMarkdown('# Title\n\nText[^1].\n\n[^1]: Note.', english);
    expect(demoted.html).toContain('<h2 class="visually-hidden" id="footnote-label">Footnotes</h2>');
  });
});

describe('renderMarkdown: pictures', () => {
  it('serves the content’s own pictures from /media', async () => {
    expect(await html('![A cat on a wall](notes/cat.webp "The cat")')).toBe(
      '<p><img src="/media/notes/cat.webp" alt="A cat on a wall" title="The cat" loading="lazy" decoding="async"></p>',
    );
  });

  it('keeps only the words of any other picture', async () => {
    for (const source of [
      '![A cat](https://example.com/cat.webp)',
      '![A cat](//example.com/cat.webp)',
      '![A cat](/media/notes/cat.webp)',
      '![A cat](../secrets/cat.webp)',
      '![A cat](notes/cat.gif)',
      '![A cat](notes/cat.webp?x=1)',
    ])
      expect(await html(source), source).toBe('<p>A cat</p>');
    expect(await html('![](https://example.com/x.png)')).toBe('');
  });
});

describe('renderMarkdown: headings', () => {
  it('gives h2–h4 stable, unique ids, with a link to themselves', async () => {
    const { html: output, headings } = await renderMarkdown(
      '## Intro\n\ntext\n\n## Intro\n\n### Details\n\n#### Deep\n\n##### Deeper',
      english,
    );
    expect(output).toContain('<h2 id="intro"><a class="heading-anchor" href="#intro">Intro</a></h2>');
    expect(output).toContain('<h2 id="intro-1"><a class="heading-anchor" href="#intro-1">Intro</a></h2>');
    expect(output).toContain('<h4 id="deep"><a class="heading-anchor" href="#deep">Deep</a></h4>');
    expect(output).toContain('<h5>Deeper</h5>');
    expect(headings).toEqual([
      { depth: 2, id: 'intro', text: 'Intro' },
      { depth: 2, id: 'intro-1', text: 'Intro' },
      { depth: 3, id: 'details', text: 'Details' },
    ]);
  });

  const idCases = [
    {
      name: 'keeps Cyrillic and Uzbek letters in ids',
      source: '## Oʻzbek tili\n\n## O‘zbek tili\n\n## Русский язык\n\n## Ёлка и щи\n\n## G‘alaba!',
      locale: 'lotin',
      ids: ['oʻzbek-tili', 'oʻzbek-tili-1', 'русский-язык', 'ёлка-и-щи', 'gʻalaba'],
    },
    {
      name: 'never takes one of the site’s own ids, nor a React one',
      source: '## Main\n\n## Root\n\n## Main menu\n\n## Portfolio item x\n\n## Field name\n\n## \\_r\\_1\\_\n\n## 🎉',
      locale: 'english',
      ids: ['main-1', 'root-1', 'main-menu-1', 'h-portfolio-item-x', 'h-field-name', 'r_1', 'section'],
    },
    {
      name: 'keeps ids apart from the footnotes’',
      source: '## Fn 1\n\n## Footnote label\n\nx[^1]\n\n[^1]: y',
      locale: 'english',
      ids: ['fn-1-1', 'footnote-label-1'],
    },
  ] as const;
  for (const { name, source, locale, ids } of idCases) {
    it(name, async () => {
      const { headings } = await renderMarkdown(source, { locale });
      expect(headings.map((heading) => heading.id)).toEqual(ids);
    });
  }

  it('moves every heading one level down when the body has an h1', async () => {
    const { html: output, headings } = await renderMarkdown('# Title\n\n## Part\n\n###### Six', english);
    expect(output).not.toContain('<h1');
    expect(output).toContain('<h2 id="title">');
    expect(output).toContain('<h3 id="part">');
    expect(output).toContain('<h6>Six</h6>');
    expect(headings).toEqual([
      { depth: 2, id: 'title', text: 'Title' },
      { depth: 3, id: 'part', text: 'Part' },
    ]);
  });

  it('keeps a link’s words in a heading, which is itself the link', async () => {
    const { html: output, headings } = await renderMarkdown('## See [the docs](https://example.com) `now`', english);
    expect(output).toBe(
      '<h2 id="see-the-docs-now"><a class="heading-anchor" href="#see-the-docs-now">See the docs <code>now</code></a></h2>',
    );
    expect(headings).toEqual([{ depth: 2, id: 'see-the-docs-now', text: 'See the docs now' }]);
  });
});

describe('renderMarkdown: code', () => {
  it('highlights code with classes, never with style', async () => {
    const output = await html('```ts\nconst answer: number = 42; // why\n```');
    expect(output).toMatch(/^<pre class="code-block" data-language="ts" tabindex="0"><code>/);
    expect(output).toContain('<span class="hl-keyword">const</span>');
    expect(output).toContain('<span class="hl-number">42</span>');
    expect(output).toContain('<span class="hl-comment">// why</span>');
    expect(output).not.toContain('style');
  });

  it('shows an unknown language as plain, escaped text', async () => {
    expect(await html('```mermaid\ngraph <script>alert(1)</script> & x\n```')).toBe(
      '<pre class="code-block" data-language="mermaid" tabindex="0"><code>graph &#x3C;script>alert(1)&#x3C;/script> &#x26; x</code></pre>',
    );
    expect(await html('```\nplain <b>\n```')).toBe(
      '<pre class="code-block" tabindex="0"><code>plain &#x3C;b></code></pre>',
    );
    expect(await html('```" onmouseover="alert(1)\nx\n```')).toBe(
      '<pre class="code-block" tabindex="0"><code>x</code></pre>',
    );
  });

  it('escapes what it highlights', async () => {
    const output = await html('```html\n<script>alert("x")</script>\n```');
    expect(output).not.toContain('<script');
    expect(output).toContain('&#x3C;');
  });

  it('writes no style attribute in any language it knows', async () => {
    const languages = ['ts', 'tsx', 'js', 'jsx', 'json', 'css', 'html', 'bash', 'sh', 'shell', 'python', 'sql', 'yaml'];
    languages.push('markdown', 'diff', 'go', 'rust', 'php', 'java', 'kotlin', 'swift');
    const source = languages.map((language) => `\`\`\`${language}\nif (a) { b("c", 1) } // d\n\`\`\``).join('\n\n');
    const output = await html(source);
    expect(output).not.toMatch(/style/);
    expect(output.match(/<pre /g)).toHaveLength(languages.length);
    expect(output.match(/class="hl-/g)?.length).toBeGreaterThan(languages.length * 2);
  });
});

describe('renderMarkdown: words', () => {
  it('counts the words a reader reads, in every language', async () => {
    expect(
      (await renderMarkdown('Salom, dunyo! Oʻzbekiston va O‘zbek tili — gʻalaba.', { locale: 'lotin' })).words,
    ).toBe(7);
    expect((await renderMarkdown('Привет, мир! Это **заметка** о 2026 годе.', { locale: 'russian' })).words).toBe(7);
    expect((await renderMarkdown("Hello, world! It's a [short](https://x.example) note.", english)).words).toBe(6);
  });

  it('counts code, but not pictures’ descriptions nor hidden labels', async () => {
    const { words } = await renderMarkdown(
      'One two.\n\n```js\nconst a = 1;\n```\n\n![Many words here](notes/a.webp)\n\nx[^1]\n\n[^1]: note',
      english,
    );
    // one, two, const, a, 1, x, note: not the reference's number
    expect(words).toBe(7);
  });

  it('is nothing for an empty body', async () => {
    expect(await renderMarkdown('', english)).toEqual({ html: '', headings: [], words: 0 });
  });
});

describe('renderMarkdown: determinism', () => {
  it('gives the same bytes for the same Markdown', async () => {
    const source =
      '# T\n\n## Intro\n\nText with `code`, **bold**, [a link](https://example.com).\n\n```ts\nconst x = 1;\n```\n\n| a |\n| - |\n| b |\n\n- [x] done\n\nx[^1]\n\n[^1]: y';
    const first = await renderMarkdown(source, english);
    for (let i = 0; i < 3; i++) expect(await renderMarkdown(source, english)).toEqual(first);
  });
});

describe('renderEntry', () => {
  const note: NoteContent = {
    slug: 'first-note',
    status: 'published',
    date: '2026-11-20',
    tags: ['web'],
    text: {
      lotin: { title: 'Birinchi', summary: 'Qisqa', body: '## Kirish\n\nSalom, dunyo.' },
      russian: { title: 'Первая', summary: 'Кратко', body: '## Введение\n\nПривет, мир.\n\n```ts\nlet a = 1\n```' },
    },
  };

  it('renders every language the entry has, and only those', async () => {
    const rendered = await renderEntry(note);
    expect(Object.keys(rendered)).toEqual(['lotin', 'russian']);
    expect(rendered.lotin).toEqual({
      html: '<h2 id="kirish"><a class="heading-anchor" href="#kirish">Kirish</a></h2>\n<p>Salom, dunyo.</p>',
      headings: [{ depth: 2, id: 'kirish', text: 'Kirish' }],
      words: 3,
    });
    expect(rendered.russian?.headings).toEqual([{ depth: 2, id: 'введение', text: 'Введение' }]);
    expect(rendered.russian?.html).toContain('<span class="hl-keyword">let</span>');
    expect(rendered.russian?.words).toBe(6);
  });
});
