import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { provideSiteData } from '../lib/site-data.js';
import { ContentPicture } from './content-picture.js';

const identity = {} as Parameters<typeof provideSiteData>[0]['identity'];

describe('ContentPicture', () => {
  // A page made with no picture known: a server test earlier in this worker may have rendered one
  // that knew the owner's photo (test files share their worker's modules).
  beforeEach(() => provideSiteData({ identity }));

  it('offers AVIF, then WebP, at every width up to the largest, with an <img> that keeps its size and hints', () => {
    const html = renderToStaticMarkup(
      <ContentPicture
        path="portfolio/shop photo.jpg"
        sizes="50vw"
        largest={640}
        alt="A shop"
        width={1200}
        height={900}
        loading="lazy"
      />,
    );
    expect(html).toBe(
      '<picture class="' +
        html.match(/class="([^"]*)"/)?.[1] +
        '">' +
        '<source type="image/avif" srcSet="/media/portfolio/shop%20photo.jpg?w=320&amp;f=avif 320w, /media/portfolio/shop%20photo.jpg?w=480&amp;f=avif 480w, /media/portfolio/shop%20photo.jpg?w=640&amp;f=avif 640w" sizes="50vw"/>' +
        '<source type="image/webp" srcSet="/media/portfolio/shop%20photo.jpg?w=320 320w, /media/portfolio/shop%20photo.jpg?w=480 480w, /media/portfolio/shop%20photo.jpg?w=640 640w" sizes="50vw"/>' +
        '<img width="1200" height="900" loading="lazy" src="/media/portfolio/shop%20photo.jpg" alt="A shop"/>' +
        '</picture>',
    );
  });

  it('draws an SVG as one <img>', () => {
    const html = renderToStaticMarkup(
      <ContentPicture path="owner.svg" sizes="440px" alt="Me" width={600} height={720} />,
    );
    expect(html).toContain('<img width="600" height="720" src="/media/owner.svg" alt="Me"/>');
    expect(html).not.toContain('<picture');
  });

  it('with the picture’s own size and version known, reserves its box and names it by version, never past its width', () => {
    provideSiteData({ identity, pictures: { 'shop.jpg': { width: 700, height: 350, version: 'abc123def456' } } });
    try {
      const html = renderToStaticMarkup(
        <ContentPicture path="shop.jpg" sizes="50vw" largest={1600} alt="A shop" width={1200} height={900} />,
      );
      expect(html).toContain('<img width="700" height="350" src="/media/shop.jpg?v=abc123def456" alt="A shop"/>');
      expect(html).toContain(
        'srcSet="/media/shop.jpg?w=320&amp;f=avif&amp;v=abc123def456 320w, /media/shop.jpg?w=480&amp;f=avif&amp;v=abc123def456 480w, ' +
          '/media/shop.jpg?w=640&amp;f=avif&amp;v=abc123def456 640w, /media/shop.jpg?w=800&amp;f=avif&amp;v=abc123def456 700w"',
      );
      expect(html).not.toContain('w=1024');
      // A picture the page was not made with (published later) keeps the layout's size.
      const unknown = renderToStaticMarkup(
        <ContentPicture path="new.jpg" sizes="50vw" alt="New" width={1200} height={900} />,
      );
      expect(unknown).toContain('<img width="1200" height="900" src="/media/new.jpg" alt="New"/>');
    } finally {
      provideSiteData({ identity });
    }
  });
});
