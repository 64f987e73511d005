import { test as base, expect, type Page } from '@playwright/test';
import { E2E_BASE_PORT, E2E_PORT } from './support.js';

/**
 * Every browser test fails on an unexpected console error, a warning from the site's scripts or a
 * failed request; a test that provokes one on purpose says so with `allowConsoleErrors(/pattern/)`.
 */
export const test = base.extend<{ allowConsoleErrors: (pattern: RegExp) => void }>({
  // The configured address names the first worker's server; each worker browses its own (support.ts).
  baseURL: async ({ baseURL }, use) => {
    const url = baseURL ? new URL(baseURL) : undefined;
    if (url?.port === String(E2E_BASE_PORT)) url.port = String(E2E_PORT);
    await use(url ? url.origin : baseURL);
  },
  allowConsoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const problems: string[] = [];
      page.on('console', (message) => {
        // The site's own scripts warning count too; the browser's own warnings (an unused preload) do not.
        const ownWarning = message.type() === 'warning' && message.location().url.includes('/assets/');
        if ((message.type() === 'error' || ownWarning) && !allowed.some((pattern) => pattern.test(message.text()))) {
          problems.push(`console.${message.type()}: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('requestfailed', (request) => {
        const reason = request.failure()?.errorText ?? '';
        // A request cancelled because the page moved on is not a failure.
        if (reason === 'net::ERR_ABORTED' || allowed.some((pattern) => pattern.test(request.url()))) return;
        problems.push(`request failed: ${request.url()} ${reason}`);
      });
      await use((pattern) => allowed.push(pattern));
      expect(problems, 'unexpected console errors or failed requests').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Chromium's console error for a script that a sandboxed frame (the studio's preview) refuses to run. */
export const SANDBOX_BLOCKED_SCRIPT = /Blocked script execution in '[^']*' because the document's frame is sandboxed/;

/**
 * A test's time budget from its work, for tests that do more than the default 30 s covers (a page or
 * two). On the two-core machines the suite runs on, a page load or a navigation behind the loader
 * takes about 2.5 s alone and several times that while other work shares the cores; an axe scan of
 * a page takes 3-5 s alone and up to 20 s under load.
 */
export function budget({ pages, scans = 0 }: { pages: number; scans?: number }): number {
  return 15_000 + pages * 6_000 + scans * 20_000;
}

export const LOCALE_LABEL = { lotin: "O'zbek", russian: 'Русский', english: 'English' } as const;

/**
 * Waits until the page is rendered, taken over by the app (a server-rendered page shows before its
 * script runs, and a click then would be lost) and the loading overlay is gone (its lines finished).
 */
export async function waitForPage(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '', { timeout: 10_000 });
  // The first overlay may be the start-up fallback, before the layout exists: wait for the page too.
  await expect(page.locator('main h1')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('loading-overlay')).toHaveAttribute('data-state', 'finished', { timeout: 10_000 });
}

/** Opens a page and waits for the loader to finish. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForPage(page);
}

/** Picks a language the way a visitor does: the dropdown in the header. */
export async function chooseLanguage(page: Page, locale: keyof typeof LOCALE_LABEL): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '', { timeout: 10_000 });
  await page.getByRole('button', { name: /^(Til|Язык|Language):/ }).click();
  await page.getByRole('option', { name: LOCALE_LABEL[locale] }).click();
  await expect(page.locator('.app')).toHaveClass(new RegExp(`\\b${locale}\\b`));
}

/** Reads one key of the spec's settings store (IndexedDB app-settings, store settings-store). */
export function readSetting(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (settingKey) =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open('app-settings');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const get = db.transaction('settings-store').objectStore('settings-store').get(settingKey);
          get.onsuccess = () => {
            resolve(get.result);
            db.close();
          };
          get.onerror = () => reject(get.error);
        };
      }),
    key,
  );
}

/** Writes one key of the settings store, as an earlier visit would have. */
export function writeSetting(page: Page, key: string, value: string): Promise<void> {
  return page.evaluate(
    ([settingKey, settingValue]) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('app-settings', 1);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const transaction = request.result.transaction('settings-store', 'readwrite');
          transaction.objectStore('settings-store').put(settingValue, settingKey);
          transaction.oncomplete = () => {
            request.result.close();
            resolve();
          };
        };
      }),
    [key, value] as const,
  );
}

/** Holds every request matching `url` until `release()` is called, to see what the page shows meanwhile. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}
