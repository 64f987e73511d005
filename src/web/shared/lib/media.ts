import { isVectorImage, MEDIA_WIDTHS, type PictureInfo } from '../../../shared/media.js';

/** The formats the server makes of a raster picture, best first: the browser takes the first it knows. */
const FORMATS = [
  { type: 'image/avif', format: 'avif' },
  { type: 'image/webp', format: 'webp' },
] as const;

/**
 * Where the server serves a content picture (`/media/<path>`), resized to `width` in `format`; with
 * the picture's version (`v`), an address the browser may keep for good.
 */
function mediaUrl(imagePath: string, version: string | undefined, width?: number, format?: string): string {
  const query = new URLSearchParams();
  if (width) query.set('w', String(width));
  if (width && format !== 'webp') query.set('f', String(format));
  if (version) query.set('v', version);
  const search = query.size > 0 ? `?${query}` : '';
  return `/media/${imagePath.split('/').map(encodeURIComponent).join('/')}${search}`;
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
 *
 * With the picture's `info`, the addresses carry its version, and no width past the picture's own is
 * offered: the server never enlarges, so the next width up is the picture itself, named by its real
 * width so the browser does not take it for a sharper one.
 */
export function pictureSources(
  imagePath: string,
  sizes: string,
  largest = 1600,
  info?: PictureInfo,
): { sources: PictureSource[]; src: string } {
  const version = info?.version;
  if (isVectorImage(imagePath)) return { sources: [], src: mediaUrl(imagePath, version) };
  const offered = MEDIA_WIDTHS.filter((width) => width <= largest);
  const candidates: { width: number; described: number }[] = [];
  for (const width of offered) {
    if (!info || width <= info.width) candidates.push({ width, described: width });
    else {
      candidates.push({ width, described: info.width });
      break;
    }
  }
  return {
    sources: FORMATS.map(({ type, format }) => ({
      type,
      srcSet: candidates
        .map(({ width, described }) => `${mediaUrl(imagePath, version, width, format)} ${described}w`)
        .join(', '),
      sizes,
    })),
    src: mediaUrl(imagePath, version),
  };
}
