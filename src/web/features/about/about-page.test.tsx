import { describe, expect, it } from 'vitest';
import { sampleContent } from '../../../server/test/sample-content.js';
import { createPageRenderer } from '../../entry-server.js';

/** Every list the owner writes, each with an item twice: the owner may repeat a name by mistake or on purpose. */
function contentWithRepeats() {
  const content = sampleContent();
  const twice = <T,>(items: T[]) => items.push(...items.map((item) => structuredClone(item)));
  twice(content.home.highlights);
  twice(content.about.experience);
  twice(content.about.education);
  twice(content.about.interests);
  twice(content.about.services);
  twice(content.about.skills.design);
  twice(content.about.skills.coding);
  twice(content.about.skills.languages);
  twice(content.footer.social_links);
  return content;
}

describe('pages whose lists repeat an item', () => {
  // React warns of children with the same key (the console guard fails the test on it) and may then drop one.
  it.each(['/', '/about'])('render %s with every item, twice', async (path) => {
    const renderer = await createPageRenderer(contentWithRepeats(), {}, undefined);
    const page = await renderer.render({ theme: undefined, jokeIndex: 0, path, locale: 'english', search: '' });
    expect(page.status).toBe(200);
    const count = (text: string) => page.html.split(text).length - 1;
    if (path === '/') expect(count('>Years<')).toBe(2);
    else {
      for (const text of ['>Photography<', '>Interfaces<', '>Figma<', '>TypeScript<', '>Work<', '>Study<']) {
        expect(count(text), text).toBe(2);
      }
    }
    expect(count('href="https://github.com/example"')).toBe(2);
  });
});
