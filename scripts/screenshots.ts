// `npm run screenshots`: every page in both themes at 375 and 1440 px, rendered by Chromium into
// screenshots/ (git-ignored), so anyone can review the look in a minute. It starts the built site
// on a free port with a throwaway database, or uses SCREENSHOT_URL if that is set.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const PAGES = { home: '/', about: '/about', portfolio: '/portfolio', contact: '/contact', 'not-found': '/missing' };
const WIDTHS = [375, 1440];
const THEMES = ['light', 'dark'] as const;
const LOCALE = process.env.SCREENSHOT_LOCALE ?? 'lotin';
const outDir = path.resolve('screenshots');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startSite(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-screens-'));
  const child = spawn(process.execPath, ['dist/node/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    if (
      await fetch(`${url}/api/v1/pages/footer`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const site = process.env.SCREENSHOT_URL
  ? { url: process.env.SCREENSHOT_URL, stop: () => undefined }
  : await startSite();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
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
