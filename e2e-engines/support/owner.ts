import type { SitePage } from './site-page.js';
import { byLabel, byRole } from './site-page.js';
import { ownerTexts } from './texts.js';

/** The password global-setup.ts sets with `npm run owner:password` before any journey runs. */
export const OWNER_PASSWORD = 'a long owner passphrase for every engine';

const uz = ownerTexts.lotin;

/**
 * Signs in through the form, as the owner does, and waits for the inbox. The studio's journeys
 * (edit, upload, preview, publish) start from here once the studio lands: a `journeys/studio.test.ts`
 * with `journeys('the studio', …)` that calls this first.
 */
export async function signInAsOwner(page: SitePage): Promise<void> {
  await page.driver.goto(`${page.proxy.url}/owner`);
  await page.fill(byLabel(uz.sign_in.password), OWNER_PASSWORD);
  await page.click(byRole('button', uz.sign_in.submit));
  await page.expectVisible(byRole('heading', new RegExp(`^${uz.nav.inbox}`), { level: 1 }));
}
