import type { Locale } from './locales.js';

/**
 * The CV a visitor can take away (`/cv/{language}.pdf`, `/cv/{language}.json`), made by the server
 * from the site's content. The web app links to it and the server answers it, so the addresses live here.
 */
const CV_FORMATS = ['pdf', 'json'] as const;
export type CvFormat = (typeof CV_FORMATS)[number];

/** A4 by default; `?paper=letter` for US Letter. */
export const CV_PAPER_SIZES = ['a4', 'letter'] as const;
export type CvPaperSize = (typeof CV_PAPER_SIZES)[number];

export function cvPath(locale: Locale, format: CvFormat = 'pdf'): string {
  return `/cv/${locale}.${format}`;
}
