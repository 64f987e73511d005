// `npm run screenshots`: every page in both themes at 375 and 1440 px, rendered by Chromium into
// screenshots/ (git-ignored), so anyone can review the look in a minute; and the same pages at the
// cross-engine suite's sizes (390 and 1280 px) as Firefox and WebKit (Safari's engine) draw them,
// into screenshots/firefox/ and screenshots/webkit/ (SCREENSHOT_ENGINES=firefox picks one). It starts the built site
// on a free port with a throwaway database, or uses SCREENSHOT_URL if that is set. On its own site
// it also signs the owner in over three months of made-up traffic and shoots the statistics
// dashboard and the content studio, in English, into docs/images/stats-dashboard.png and
// docs/images/studio.png for the README.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { chromium, type Page } from 'playwright-core';
import type { Engine } from '../e2e-engines/drivers/engine-driver.js';
import { launchEngine } from '../e2e-engines/drivers/launch-engine.js';
import { hashPassword } from '../src/server/auth/password.js';
import { SESSION_COOKIE } from '../src/server/auth/session-cookie.js';
import { createDatabase } from '../src/server/db/database.js';
import { recordGoal } from '../src/server/repositories/goal-repository.js';
import { createSession, setPasswordHash } from '../src/server/repositories/owner-repository.js';
import { seedTraffic } from '../src/server/test/seed-traffic.js';
import { type BuiltSite, CHROMIUM_ARGS, CHROMIUM_PATH, startBuiltSite } from './built-site.js';
import { demoGoals, demoTraffic } from './demo-traffic.js';

const PAGES = { home: '/', about: '/about', portfolio: '/portfolio', contact: '/contact', 'not-found': '/missing' };
const WIDTHS = [375, 1440];
const THEMES = ['light', 'dark'] as const;
const LOCALE = process.env.SCREENSHOT_LOCALE ?? 'lotin';
const outDir = path.resolve('screenshots');

const site: Pick<BuiltSite, 'url' | 'stop'> & { dataDir?: string } = process.env.SCREENSHOT_URL
  ? { url: process.env.SCREENSHOT_URL, stop: () => undefined }
  : await startBuiltSite();

/** Saves the interface language as the language dropdown does (the settings store in IndexedDB). */
async function saveLocale(page: Page, locale: string): Promise<void> {
  await page.goto(site.url);
  await page.evaluate(
    (value) =>
      new Promise<void>((resolve) => {
        const request = indexedDB.open('app-settings', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('settings-store');
        request.onsuccess = () => {
          const transaction = request.result.transaction('settings-store', 'readwrite');
          transaction.objectStore('settings-store').put(value, 'locale');
          transaction.oncomplete = () => resolve();
        };
      }),
    locale,
  );
}

/**
 * Three months of made-up visits in the site's own database, an owner password nobody knows (the
 * owner area opens only once one is set) and a session for the cookie: the sign-in form itself is
 * the browser tests' business.
 */
async function prepareOwner(dataDir: string): Promise<string> {
  const db = createDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'sahifa.sqlite') });
  try {
    // A throwaway database: thousands of inserts need not each wait for the disk.
    await sql`pragma synchronous = off`.execute(db);
    const visits = demoTraffic(new Date());
    await seedTraffic(db, visits);
    for (const { at, ...goal } of demoGoals(visits)) await recordGoal(db, goal, new Date(at));
    await setPasswordHash(db, await hashPassword(randomBytes(24).toString('base64url')));
    return (await createSession(db, 'Screenshots')).token;
  } finally {
    await db.destroy();
  }
}

/** The statistics dashboard, signed in, in a language, once its graph is drawn. */
async function shootDashboard(page: Page, locale: string, file: string): Promise<void> {
  // `?lang=` shows and saves the language at once (the settings store is written in the background).
  await page.goto(`${site.url}/owner/stats?lang=${locale}`);
  await page.waitForSelector('svg[role="img"]');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: file, fullPage: true });
  console.info(file);
}

/**
 * The content studio on the home section: the form, with the real page previewed beside it (on a
 * phone the preview waits behind Show preview: opened, as the owner would).
 */
async function shootStudio(page: Page, locale: string, file: string): Promise<void> {
  await page.goto(`${site.url}/owner/site/home?lang=${locale}`);
  const texts = JSON.parse(readFileSync(`src/web/i18n/studio-locales/${locale}.json`, 'utf8')) as {
    preview: { show: string };
  };
  const show = page.getByRole('button', { name: texts.preview.show });
  const preview = page.locator('iframe').first();
  await preview.or(show).first().waitFor();
  if (await show.isVisible()) await show.click();
  await preview.waitFor();
  await (await preview.contentFrame()).locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: file });
  console.info(file);
}

/** The other engines, through the cross-engine suite's drivers (e2e-engines/drivers). */
const OTHER_ENGINES = (process.env.SCREENSHOT_ENGINES ?? 'firefox,webkit')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean) as Engine[];
const ENGINE_WIDTHS = [390, 1280];

async function shootInEngine(engine: Engine): Promise<void> {
  const driver = await launchEngine(engine);
  try {
    for (const theme of THEMES) {
      for (const width of ENGINE_WIDTHS) {
        await driver.startFresh(width, width < 800 ? 844 : 800);
        // The theme cookie as the toggle leaves it; `?lang=` shows and saves the language.
        await driver.goto(`${site.url}/missing?lang=${LOCALE}`);
        await driver.evaluate(`(document.cookie = 'theme=${theme}; Path=/', true)`);
        for (const [name, pagePath] of Object.entries(PAGES)) {
          await driver.goto(`${site.url}${pagePath}?lang=${LOCALE}`);
          for (let attempt = 0; attempt < 100; attempt++) {
            const ready = await driver.evaluate<boolean>(
              // The loader has finished and the footer's links, fetched after the page, are in.
              `document.querySelector('[data-testid="loading-overlay"]')?.getAttribute('data-state') === 'finished'
                && !!document.querySelector('footer a[href]')`,
            );
            if (ready) break;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          // Bring lazy pictures in, as a visitor scrolling down would, before the full-page picture.
          await driver.evaluate(`(async () => {
            for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
              scrollTo(0, y);
              await new Promise((resolve) => setTimeout(resolve, 50));
            }
            scrollTo(0, 0);
            await Promise.all([...document.images].map((image) => image.decode().catch(() => null)));
            return true;
          })()`);
          const file = path.join(outDir, engine, `${name}-${theme}-${width}.png`);
          mkdirSync(path.dirname(file), { recursive: true });
          await driver.screenshot(file);
          console.info(file);
        }
      }
    }
  } finally {
    await driver.close();
  }
}

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
      await saveLocale(page, LOCALE);
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

  if (site.dataDir) {
    const token = await prepareOwner(site.dataDir);
    const shots = [
      ...THEMES.flatMap((theme) => WIDTHS.map((width) => ({ theme, width, locale: LOCALE, docs: false }))),
      { theme: 'light' as const, width: 1280, locale: 'english', docs: true },
    ];
    for (const { theme, width, locale, docs } of shots) {
      const context = await browser.newContext({
        viewport: { width, height: width < 800 ? 800 : 900 },
        reducedMotion: 'reduce',
      });
      await context.addCookies([
        { name: 'theme', value: theme, url: site.url },
        { name: SESSION_COOKIE, value: token, url: site.url },
      ]);
      const page = await context.newPage();
      const file = docs
        ? path.resolve('docs/images/stats-dashboard.png')
        : path.join(outDir, `owner-stats-${theme}-${width}.png`);
      mkdirSync(path.dirname(file), { recursive: true });
      await shootDashboard(page, locale, file);
      await shootStudio(
        page,
        locale,
        docs ? path.resolve('docs/images/studio.png') : path.join(outDir, `owner-studio-${theme}-${width}.png`),
      );
      await context.close();
    }
  } else {
    console.info('SCREENSHOT_URL is set: the dashboard needs its own site to seed, so it is left out.');
  }
  for (const engine of OTHER_ENGINES) await shootInEngine(engine);
} finally {
  await browser.close();
  site.stop();
}
