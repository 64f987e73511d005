import type { ImgHTMLAttributes } from 'react';
import { LARGEST_PICTURE_TIMING } from '../../../shared/page-rendering.js';
import { pictureSources } from '../lib/media.js';
import { sitePicture } from '../lib/site-data.js';
import styles from './content-picture.module.css';

declare module 'react' {
  interface ImgHTMLAttributes<T> {
    /** Element Timing: the name under which the browser reports when the picture is painted. */
    elementtiming?: string;
  }
}

type ContentPictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  /** The picture's path, as the content names it. */
  path: string;
  /** How wide the picture is drawn, for the browser to pick a width (`sizes`). */
  sizes: string;
  /** The widest variant worth offering for this layout. */
  largest?: number;
  alt: string;
  /** The layout's size, used when the picture's own is not known (published after the page loaded). */
  width: number;
  height: number;
};

/**
 * A content picture: AVIF and WebP at the widths the server makes, chosen by the browser, with an
 * `<img>` that carries the picture's own size (its aspect ratio reserves the box before it loads),
 * alt text, loading hints and the component's styles. An SVG is one `<img>`.
 */
export function ContentPicture({ path, sizes, largest, alt, ...image }: ContentPictureProps) {
  const info = sitePicture(path);
  const { sources, src } = pictureSources(path, sizes, largest, info);
  if (info && info.width > 0 && info.height > 0) {
    image.width = info.width;
    image.height = info.height;
  }
  // The page's largest picture says when it is on screen: the app's scripts wait for it.
  if (image.fetchPriority === 'high') image.elementtiming = LARGEST_PICTURE_TIMING;
  if (sources.length === 0) return <img {...image} src={src} alt={alt} />;
  return (
    <picture className={styles.picture}>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img {...image} src={src} alt={alt} />
    </picture>
  );
}
