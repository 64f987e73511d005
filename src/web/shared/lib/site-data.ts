import type { Identity } from '../../../shared/schemas/content.js';
import { SITE_DATA_ELEMENT_ID, type SiteData } from '../../../shared/site-data.js';

/**
 * The owner's identity, which the server validated at start-up and put into the page as inert JSON
 * for the first render. It is not validated again here, which keeps zod out of the first download.
 */
function readSiteIdentity(): Identity | undefined {
  const text = document.getElementById(SITE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return (JSON.parse(text) as Partial<SiteData>).identity;
  } catch {
    return undefined;
  }
}

let identity: Identity | undefined = typeof document === 'undefined' ? undefined : readSiteIdentity();

/** The owner's identity: from the page in the browser, from the content on the server. */
export function siteIdentity(): Identity | undefined {
  return identity;
}

/** The server renderer has no page to read: it gives the identity from the content it loaded. */
export function provideSiteIdentity(value: Identity): void {
  identity = value;
}
