import type { Locale } from './locales.js';
import type { PictureInfos } from './media.js';
import type { Identity } from './schemas/content.js';

/**
 * What the page carries for the first render, before any API call: the owner's identity, and the
 * size and version of each picture the content names (so `<img>` reserves the picture's own box).
 */
export interface SiteData {
  identity: Identity;
  pictures?: PictureInfos;
  /** The languages with at least one published note: the header and footer link "Notes" only in those. */
  notesLocales?: Locale[];
}

export const SITE_DATA_ELEMENT_ID = 'site-data';

/** The comment in `src/web/index.html` that the server (and Vite in development) replaces. */
export const SITE_DATA_PLACEHOLDER = '<!--site-data-->';

/** JSON inside a `<script>` data block: `<` is escaped so no text of the owner's can close the tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The site data as an inert `<script type="application/json">` (the CSP forbids inline scripts, not data). */
export function siteDataScript(data: SiteData): string {
  return `<script id="${SITE_DATA_ELEMENT_ID}" type="application/json">${jsonForScript(data)}</script>`;
}
