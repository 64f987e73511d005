import { describe, expect, it } from 'vitest';
import { pageHead } from '../seo/page-head.js';
import { sitemapXml } from '../seo/sitemap.js';
import { sampleContent } from '../test/sample-content.js';

const ORIGIN = 'https://owner.example';
const image = { url: `${ORIGIN}/og/russian.jpg`, width: 1200, height: 630, type: 'image/jpeg' };

function person(page: 'about' | 'index') {
  const head = pageHead({
    origin: ORIGIN,
    page,
    locale: 'russian',
    content: sampleContent(),
    titles: undefined,
    image,
  });
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)?.[1];
  return JSON.parse(json ?? 'null') as Record<string, unknown>;
}

describe('the CV in search results and link previews', () => {
  it("is named by the about page's Person, in the page's language", () => {
    expect(person('about').subjectOf).toEqual({
      '@type': 'DigitalDocument',
      name: 'Азиза Тест — Резюме',
      url: `${ORIGIN}/cv/russian.pdf`,
      encodingFormat: 'application/pdf',
      inLanguage: 'ru',
    });
    expect(person('index')).not.toHaveProperty('subjectOf');
  });

  it('is not in the sitemap: the PDFs say what the pages say', () => {
    expect(sitemapXml(ORIGIN)).not.toContain('/cv/');
  });
});
