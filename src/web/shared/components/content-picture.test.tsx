import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ContentPicture } from './content-picture.js';

describe('ContentPicture', () => {
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
});
