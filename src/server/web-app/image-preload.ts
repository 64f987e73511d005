/**
 * The preload of a page's largest picture (issue 29, item 4): the first `<img fetchpriority="high">`
 * the page was rendered with (the home portrait, a project's cover, the portfolio's first card) is
 * asked for from the head, before the fonts and scripts, so it does not wait for the parser to reach
 * it or for a free connection behind them.
 *
 * In a `<picture>`, the preload is the first `<source>`'s (AVIF, the format a browser that knows it
 * takes) with its `srcset` and `sizes`, so the browser fetches the width it will use; a browser that
 * does not know the `type` skips the preload and takes the next source as before. The attribute
 * values are copied as React wrote them, already escaped for an attribute in double quotes.
 */
// React writes the attributes as `fetchPriority` and `srcSet`: HTML reads names in any case.
const HIGH_PRIORITY_IMAGE = /<img\b[^>]*\sfetchpriority="high"[^>]*>/i;
const SOURCE = /<source\b[^>]*>/i;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
}

function preloadLink(attributes: [name: string, value: string | undefined][]): string {
  const written = attributes
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  return `<link rel="preload" as="image"${written} fetchpriority="high">`;
}

/** The `<link rel="preload">` of the page's high-priority picture, or undefined when it has none. */
export function imagePreloadTag(root: string): string | undefined {
  const image = HIGH_PRIORITY_IMAGE.exec(root);
  if (!image) return undefined;
  const before = root.slice(0, image.index);
  const pictureStart = before.lastIndexOf('<picture');
  if (pictureStart > before.lastIndexOf('</picture>')) {
    const source = SOURCE.exec(before.slice(pictureStart))?.[0];
    const srcset = source && attribute(source, 'srcset');
    if (source && srcset) {
      return preloadLink([
        ['type', attribute(source, 'type')],
        ['imagesrcset', srcset],
        ['imagesizes', attribute(source, 'sizes')],
      ]);
    }
  }
  const src = attribute(image[0], 'src');
  if (!src) return undefined;
  return preloadLink([
    ['href', src],
    ['imagesrcset', attribute(image[0], 'srcset')],
    ['imagesizes', attribute(image[0], 'sizes')],
  ]);
}
