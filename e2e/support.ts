import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

type Translations = typeof import('../src/web/i18n/locales/lotin.json');

/** The app's own translation files: tests expect exactly what visitors are shown. */
export const translations = Object.fromEntries(
  ['lotin', 'russian', 'english'].map((locale) => [
    locale,
    JSON.parse(readFileSync(`src/web/i18n/locales/${locale}.json`, 'utf8')) as Translations,
  ]),
) as Record<'lotin' | 'russian' | 'english', Translations>;

export interface Identity {
  first_name: Record<string, string>;
  last_name: Record<string, string>;
  email?: string;
}

/** The owner's identity, as the server put it into the page. */
export async function siteIdentity(page: Page): Promise<Identity> {
  const json = await page.locator('#site-data').textContent();
  return (JSON.parse(json ?? '{}') as { identity: Identity }).identity;
}

export function fullName(identity: Identity, locale: string): string {
  return `${identity.first_name[locale]} ${identity.last_name[locale]}`;
}

/** Records every state the loading overlay passes through from now on. */
export async function recordOverlayStates(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const overlay = document.querySelector('[data-testid="loading-overlay"]');
    const states: string[] = [];
    const observer = new MutationObserver(() => states.push(overlay?.getAttribute('data-state') ?? ''));
    observer.observe(overlay as Node, { attributes: true, attributeFilter: ['data-state'] });
    // Kept on window: an observer nothing refers to may be collected before it reports.
    Object.assign(window, { overlayStates: states, overlayObserver: observer });
  });
  return () => page.evaluate(() => (window as unknown as { overlayStates: string[] }).overlayStates);
}
