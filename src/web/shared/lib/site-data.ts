import type { Identity } from '../../../shared/schemas/content.js';
import { SITE_DATA_ELEMENT_ID, type SiteData } from '../../../shared/site-data.js';

/**
 * The owner's identity, which the server validated at start-up and put into the page as inert JSON
 * for the first render. It is not validated again here, which keeps zod out of the first download.
 */
export function readSiteIdentity(): Identity | undefined {
  const text = document.getElementById(SITE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return (JSON.parse(text) as Partial<SiteData>).identity;
  } catch {
    return undefined;
  }
}

export const siteIdentity = typeof document === 'undefined' ? undefined : readSiteIdentity();
