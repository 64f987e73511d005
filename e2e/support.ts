import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { parse } from 'yaml';
import type { SiteContent } from '../src/shared/schemas/content.js';

/**
 * What the owner wrote in a content file (the server of the browser tests serves `content/`): the
 * pages are checked against the owner's files, not against the API's answer.
 */
export function ownerContent<Name extends keyof SiteContent>(name: Name): SiteContent[Name] {
  return parse(readFileSync(`content/${name}.yaml`, 'utf8')) as SiteContent[Name];
}

/** The first entry of a list in the owner's content; a test needs one to look for. */
export function first<T>(items: readonly T[], what: string): T {
  const [item] = items;
  if (item === undefined) throw new Error(`The content has no ${what} to test with`);
  return item;
}

/**
 * Each Playwright worker talks to its own server on its own database (playwright.config.ts starts one
 * per worker), so spec files in different workers never see each other's owner, drafts or messages.
 * Playwright numbers a worker's slot in `TEST_PARALLEL_INDEX` (0 in the main process).
 */
export const E2E_WORKER = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** The first worker's port; worker N listens on the port after it N times. */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 4873);

export const e2eDataDir = (worker: number) => `test-results/e2e-data-${worker}`;

/** Where this worker's server keeps its database (made fresh for each run). */
export const E2E_DATA_DIR = e2eDataDir(E2E_WORKER);

/** This worker's server. */
export const E2E_PORT = E2E_BASE_PORT + E2E_WORKER;

/** The contact messages the server stored from one address, read from its own database file. */
export function storedContactMessages(
  email: string,
): { name: string; email: string; message: string; locale: string }[] {
  const db = new Database(path.join(E2E_DATA_DIR, 'sahifa.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT name, email, message, locale FROM contact_messages WHERE email = ?').all(email) as never;
  } finally {
    db.close();
  }
}

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

/**
 * Where an element's text wraps, as `before / after` for each line break: each character's line is
 * read from its own box, and where the top moves down, the text broke.
 */
export async function lineBreaks(element: Locator): Promise<string[]> {
  const { text, breaks } = await element.evaluate((root) => {
    const tops: number[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let index = 0; index < (node.textContent?.length ?? 0); index++) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        tops.push(Math.round(range.getBoundingClientRect().top));
      }
    }
    const moved = tops.flatMap((top, index) => (index > 0 && top > (tops[index - 1] ?? top) ? [index] : []));
    return { text: root.textContent ?? '', breaks: moved };
  });
  return breaks.map((index) => `${text.slice(0, index)} / ${text.slice(index)}`);
}
