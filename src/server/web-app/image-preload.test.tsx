import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { imagePreloadTag } from './image-preload.js';

describe("the preload of a page's largest picture", () => {
  it("preloads a <picture>'s first source with its widths and sizes, as React wrote them", () => {
    const html = renderToString(
      <main>
        <picture>
          <source
            type="image/avif"
            srcSet="/media/a.jpg?w=480&f=avif 480w, /media/a.jpg?w=960&f=avif 960w"
            sizes="70vw"
          />
          <source type="image/webp" srcSet="/media/a.jpg?w=480 480w" sizes="70vw" />
          <img src="/media/a.jpg" alt="A" fetchPriority="high" />
        </picture>
      </main>,
    );
    expect(imagePreloadTag(html)).toBe(
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/media/a.jpg?w=480&amp;f=avif 480w, /media/a.jpg?w=960&amp;f=avif 960w" imagesizes="70vw" fetchpriority="high">',
    );
  });

  it('preloads a plain picture (an SVG has no sources) by its address', () => {
    const html = renderToString(
      <img src="/media/owner.svg?v=1" alt="Owner" width={600} height={720} fetchPriority="high" />,
    );
    expect(imagePreloadTag(html)).toBe(
      '<link rel="preload" as="image" href="/media/owner.svg?v=1" fetchpriority="high">',
    );
  });

  it('takes the high-priority picture, not a <picture> closed before it or a lazy one after it', () => {
    const html = renderToString(
      <main>
        <picture>
          <source type="image/avif" srcSet="/media/logo.png?f=avif 64w" sizes="64px" />
          <img src="/media/logo.png" alt="" />
        </picture>
        <img src="/media/cover.svg" alt="Cover" fetchPriority="high" />
        <img src="/media/later.svg" alt="" loading="lazy" />
      </main>,
    );
    expect(imagePreloadTag(html)).toBe('<link rel="preload" as="image" href="/media/cover.svg" fetchpriority="high">');
  });

  it('keeps an address escaped: a quote in it cannot end the attribute', () => {
    const html = renderToString(<img src={'/media/a".svg?x=<b>'} alt="" fetchPriority="high" />);
    const tag = imagePreloadTag(html) ?? '';
    expect(tag).toBe('<link rel="preload" as="image" href="/media/a&quot;.svg?x=&lt;b&gt;" fetchpriority="high">');
  });

  it('preloads nothing on a page without a high-priority picture', () => {
    expect(imagePreloadTag(renderToString(<img src="/media/a.svg" alt="" />))).toBeUndefined();
    expect(imagePreloadTag('<p>No pictures</p>')).toBeUndefined();
  });
});
