/** The widths the server resizes raster pictures to (`/media/<path>?w=<width>`). */
export const MEDIA_WIDTHS = [320, 480, 640, 800, 1024, 1280, 1600] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

export function isVectorImage(imagePath: string): boolean {
  return imagePath.toLowerCase().endsWith('.svg');
}

/** What the page knows of a content picture, so it can reserve its box and cache it for good. */
export interface PictureInfo {
  /** The stored picture's own size in pixels (upright). */
  width: number;
  height: number;
  /** Changes with the picture's bytes (`?v=` in its addresses, which may then be kept for a year). */
  version: string;
}

/** The pictures a version names, by path. */
export type PictureInfos = Readonly<Record<string, PictureInfo>>;

/** A picture's version in its addresses: the start of its SHA-256. */
export function pictureVersion(sha256: string): string {
  return sha256.slice(0, 12);
}
