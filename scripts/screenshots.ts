// `npm run screenshots`: every page in both themes at 375 and 1440 px, rendered by Chromium into
// screenshots/ (git-ignored), so anyone can review the look in a minute. It starts the built site
// on a free port with a throwaway database, or uses SCREENSHOT_URL if that is set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startBuiltSite } from './built-site.js';

const PAGES = { home: '/', about: '/about', portfolio: '/portfolio', contact: '/contact', 'not-found': '/missing' };
const WIDTHS = [375, 1440];
const THEMES = ['light', 'dark'] as const;
const LOCALE = process.env.SCREENSHOT_LOCALE ?? 'lotin';
const outDir = path.resolve('screenshots');

const site = process.env.SCREENSHOT_URL
  ? { url: process.env.SCREENSHOT_URL, stop: () => undefined }
  : await startBuiltSite();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
mkdirSync(outDir, { recursive: true });
try {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width, height: width < 800 ? 800 : 900 },
        reducedMotion: 'reduce',
      });
      await context.addCookies([{ name: 'theme', value: theme, url: site.url }]);
      const page = await context.newPage();
      await page.goto(site.url);
      await page.evaluate(
        (locale) =>
          new Promise<void>((resolve) => {
            const request = indexedDB.open('app-settings', 1);
            request.onupgradeneeded = () => request.result.createObjectStore('settings-store');
            request.onsuccess = () => {
              const transaction = request.result.transaction('settings-store', 'readwrite');
              transaction.objectStore('settings-store').put(locale, 'locale');
              transaction.oncomplete = () => resolve();
            };
          }),
        LOCALE,
      );
      for (const [name, pagePath] of Object.entries(PAGES)) {
        await page.goto(site.url + pagePath);
        await page.waitForSelector('[data-testid="loading-overlay"][data-state="finished"]', { state: 'attached' });
        // Bring lazy pictures in, as a visitor scrolling down would, before the full-page capture.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        const file = path.join(outDir, `${name}-${theme}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.info(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  site.stop();
}
