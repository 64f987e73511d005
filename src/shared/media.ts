/** The widths the server resizes raster pictures to (`/media/<path>?w=<width>`). */
export const MEDIA_WIDTHS = [320, 480, 640, 800, 1024, 1280, 1600] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

export function isVectorImage(imagePath: string): boolean {
  return imagePath.toLowerCase().endsWith('.svg');
}
