import { isVectorImage, MEDIA_WIDTHS } from '../../../shared/media.js';

/** The formats the server makes of a raster picture, best first: the browser takes the first it knows. */
const FORMATS = [
  { type: 'image/avif', format: 'avif' },
  { type: 'image/webp', format: 'webp' },
] as const;

/** Where the server serves a content picture (`/media/<path>`), resized to `width` in `format`. */
function mediaUrl(imagePath: string, width?: number, format?: string): string {
  const url = `/media/${imagePath.split('/').map(encodeURIComponent).join('/')}`;
  if (!width) return url;
  return format === 'webp' ? `${url}?w=${width}` : `${url}?w=${width}&f=${format}`;
}

export interface PictureSource {
  type: string;
  srcSet: string;
  sizes: string;
}

/**
 * What `<picture>` needs for a content picture: an AVIF and a WebP `<source>`, each with every width
 * up to `largest` (`srcSet`) and the layout's `sizes`, so the browser picks the format it knows and
 * the width that fits; and the `<img>`'s own `src` for a browser that knows neither (the picture in
 * its own format, metadata removed). An SVG needs no sources: one file at any size.
 */
export function pictureSources(
  imagePath: string,
  sizes: string,
  largest = 1600,
): { sources: PictureSource[]; src: string } {
  if (isVectorImage(imagePath)) return { sources: [], src: mediaUrl(imagePath) };
  const widths = MEDIA_WIDTHS.filter((width) => width <= largest);
  return {
    sources: FORMATS.map(({ type, format }) => ({
      type,
      srcSet: widths.map((width) => `${mediaUrl(imagePath, width, format)} ${width}w`).join(', '),
      sizes,
    })),
    src: mediaUrl(imagePath),
  };
}
