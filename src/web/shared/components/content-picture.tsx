import type { ImgHTMLAttributes } from 'react';
import { pictureSources } from '../lib/media.js';
import styles from './content-picture.module.css';

type ContentPictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  /** The picture's path, as the content names it. */
  path: string;
  /** How wide the picture is drawn, for the browser to pick a width (`sizes`). */
  sizes: string;
  /** The widest variant worth offering for this layout. */
  largest?: number;
  alt: string;
  width: number;
  height: number;
};

/**
 * A content picture: AVIF and WebP at the widths the server makes, chosen by the browser, with an
 * `<img>` that carries the size, alt text, loading hints and the component's styles. An SVG is one
 * `<img>`.
 */
export function ContentPicture({ path, sizes, largest, alt, ...image }: ContentPictureProps) {
  const { sources, src } = pictureSources(path, sizes, largest);
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
