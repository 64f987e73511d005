import type { Locale } from '../../../shared/locales.js';
import type { PictureInfo, PictureInfos } from '../../../shared/media.js';
import type { Identity } from '../../../shared/schemas/content.js';
import { SITE_DATA_ELEMENT_ID, type SiteData } from '../../../shared/site-data.js';

/**
 * The site data the server validated and put into the page as inert JSON for the first render. It
 * is not validated again here, which keeps zod out of the first download.
 */
function readSiteData(): Partial<SiteData> {
  const text = document.getElementById(SITE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as Partial<SiteData>;
  } catch {
    return {};
  }
}

const fromPage: Partial<SiteData> = typeof document === 'undefined' ? {} : readSiteData();
let identity: Identity | undefined = fromPage.identity;
let pictures: PictureInfos = fromPage.pictures ?? {};
let notesLocales: readonly Locale[] = fromPage.notesLocales ?? [];

/** The owner's identity: from the page in the browser, from the content on the server. */
export function siteIdentity(): Identity | undefined {
  return identity;
}

/**
 * A content picture's own size and version, when the page was made with it. A picture published
 * after the page was loaded is not known until the next page load: it is drawn at the layout's size.
 */
export function sitePicture(path: string): PictureInfo | undefined {
  return Object.hasOwn(pictures, path) ? pictures[path] : undefined;
}

/**
 * The languages with at least one published note (issue 27): the header and the footer link "Notes"
 * only in those, so the site is the spec's until the owner writes.
 */
export function siteNotesLocales(): readonly Locale[] {
  return notesLocales;
}

/** The server renderer has no page to read: it gives what it made the page from. */
export function provideSiteData(data: SiteData): void {
  identity = data.identity;
  pictures = data.pictures ?? {};
  notesLocales = data.notesLocales ?? [];
}
