import { describe, expect, it } from 'vitest';
import { sampleContent } from '../../../server/test/sample-content.js';
import { LOCALES } from '../../../shared/locales.js';
import { createPageRenderer } from '../../entry-server.js';

describe('the not-found page', () => {
  it.each(LOCALES)('in %s writes 404 once: the big number is its title’s own, read whole', async (locale) => {
    // It stood twice, a gradient "404" above the heading "404 – Topilmadi".
    const renderer = await createPageRenderer(sampleContent());
    const page = await renderer.render({ path: '/nowhere', locale, search: '', theme: undefined, jokeIndex: 0 });
    const section = /<section[^>]*aria-labelledby="not-found-title"[\s\S]*?<\/section>/.exec(page.html)?.[0] ?? '';
    const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");
    const heading = /<h1[\s\S]*?<\/h1>/.exec(section)?.[0] ?? '';
    expect(text(heading)).toBe(renderer.titles[locale]['not-found']);
    expect(text(heading)).toMatch(/^404 – \S/);
    expect(text(section).match(/404/g)).toHaveLength(1);
  });
});
