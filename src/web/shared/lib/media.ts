import { isVectorImage, MEDIA_WIDTHS } from '../../../shared/media.js';

/** Where the server serves a content picture (`content/images/<path>`). */
function mediaUrl(imagePath: string, width?: number): string {
  const url = `/media/${imagePath.split('/').map(encodeURIComponent).join('/')}`;
  return width ? `${url}?w=${width}` : url;
}

/**
 * `src`, `srcSet` and `sizes` for a content picture: the browser picks the resized WebP that fits the
 * layout (`sizes`); an SVG needs one source at any size.
 */
export function imageSources(imagePath: string, sizes: string, largest = 1600) {
  if (isVectorImage(imagePath)) return { src: mediaUrl(imagePath) };
  const widths = MEDIA_WIDTHS.filter((width) => width <= largest);
  return {
    src: mediaUrl(imagePath, widths.at(-1)),
    srcSet: widths.map((width) => `${mediaUrl(imagePath, width)} ${width}w`).join(', '),
    sizes,
  };
}
