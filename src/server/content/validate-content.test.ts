import { describe, expect, it } from 'vitest';
import { sampleContent } from '../test/sample-content.js';
import { validateSiteContent } from './validate-content.js';

const candidate = (change: (content: Record<string, unknown> & ReturnType<typeof sampleContent>) => void) => {
  const content = sampleContent() as Record<string, unknown> & ReturnType<typeof sampleContent>;
  change(content);
  return content;
};

describe('validateSiteContent', () => {
  it('accepts the sample site', () => {
    expect(validateSiteContent(sampleContent())).toEqual({ content: sampleContent() });
  });

  // Issue 25, defect 8: `new URL` takes these, but the CV decodes the address and stopped with a 500.
  it.each([
    'https://example.com/%E0%A4%A',
    'https://example.com/%E0%A4',
    'https://example.com/%zz',
    'https://example.com/a b',
    'mailto:%E0%A4%A@example.com',
  ])('refuses the link %s by its field, as an address', (url) => {
    const checked = validateSiteContent(
      candidate((content) => {
        content.footer.social_links = [{ url, icon: 'github' }];
        const [item] = content.portfolio.items;
        if (item && url.startsWith('https:')) item.url = url;
      }),
    );
    expect(checked.errors).toContainEqual({ field: 'footer.social_links.0.url', code: 'invalid_url' });
    if (url.startsWith('https:')) {
      expect(checked.errors).toContainEqual({ field: 'portfolio.items.0.url', code: 'invalid_url' });
    }
  });

  it('keeps accepting well-formed escapes and addresses in other scripts', () => {
    const checked = validateSiteContent(
      candidate((content) => {
        content.footer.social_links = [
          { url: 'https://example.com/%D0%90%D0%B7%D0%B8%D0%B7%D0%B0', icon: 'github' },
          { url: 'https://example.com/Азиза?q=a%20b#top', icon: 'telegram' },
          { url: 'mailto:owner@example.com', icon: 'mail' },
        ];
      }),
    );
    expect(checked.errors).toBeUndefined();
  });

  // Issue 25, item 9: `key in …` found what every object inherits, so these keys were dropped unseen.
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'names a section called %s as unknown instead of dropping it',
    (key) => {
      const content = JSON.parse(JSON.stringify(sampleContent())) as Record<string, unknown>;
      Object.defineProperty(content, key, { value: { a: 1 }, enumerable: true, configurable: true, writable: true });
      expect(validateSiteContent(content).errors).toEqual([{ field: key, code: 'unknown_field' }]);
    },
  );

  it('names the same keys inside a section', () => {
    const home = JSON.parse('{"__proto__": 1, "toString": 2, "constructor": 3}') as Record<string, unknown>;
    const checked = validateSiteContent(
      candidate((content) => {
        Object.assign(content.home, home);
        Object.defineProperty(content.home, '__proto__', { value: 1, enumerable: true });
      }),
    );
    expect(checked.errors).toEqual(
      expect.arrayContaining([
        { field: 'home.__proto__', code: 'unknown_field' },
        { field: 'home.toString', code: 'unknown_field' },
        { field: 'home.constructor', code: 'unknown_field' },
      ]),
    );
  });
});
