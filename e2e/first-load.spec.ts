import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { NOT_COUNTED_COOKIE } from '../src/shared/statistics.js';
import { budget, expect, open, test } from './fixtures.js';

/**
 * What a first visit downloads of scripts and styles, page by page and language by language: the
 * built files the browser really asked for, gzipped as the build gzips them (level 9). Issue 29's
 * goal is 100 KB; decision 018 shows why the decided stack cannot reach it (React, react-dom, React
 * Router's data router and i18next need about 117 KB before any of Sahifa's code). These ceilings
 * hold what is reached today, so nothing grows unnoticed: lower them when a page gets lighter. The
 * page's own styles travel inline in its HTML (decision 018), with the HTML, and are not counted.
 */
const CEILING_KIB = 145;
const PAGES = ['/', '/about', '/portfolio', '/contact', '/notes', '/notes/contrast-is-a-test', '/portfolio/oqim-bank'];
const LOCALES = ['lotin', 'russian', 'english'] as const;

const gzipped = new Map<string, number>();
/** A built file's size gzipped at level 9, as `dist/web` serves it. */
function gzippedSize(pathname: string): number {
  let size = gzipped.get(pathname);
  if (size === undefined) {
    size = gzipSync(readFileSync(`dist/web${pathname}`), { level: 9 }).length;
    gzipped.set(pathname, size);
  }
  return size;
}

test.describe('the first load', () => {
  for (const locale of LOCALES) {
    test(`stays within its ceiling on every visitor page in ${locale}`, async ({ browser, baseURL }) => {
      test.setTimeout(budget({ pages: PAGES.length * 2 }));
      const sizes: string[] = [];
      for (const path of PAGES) {
        // A first visit: a new context, nothing cached.
        const context = await browser.newContext();
        // Not counted: the statistics tests read today's visits on the same server.
        await context.addCookies([{ name: NOT_COUNTED_COOKIE, value: '1', url: baseURL ?? '' }]);
        const page = await context.newPage();
        const files = new Set<string>();
        page.on('request', (request) => {
          const { pathname } = new URL(request.url());
          if (/^\/assets\/.+\.(js|css)$/.test(pathname)) files.add(pathname);
        });
        await open(page, `${path}?lang=${locale}`);
        await page.waitForLoadState('networkidle');
        const total = [...files].reduce((sum, file) => sum + gzippedSize(file), 0) / 1024;
        sizes.push(`${path} ${total.toFixed(1)} KiB`);
        expect(files.size, path).toBeGreaterThan(0);
        expect(total, `${path}?lang=${locale}: ${[...files].join(', ')}`).toBeLessThanOrEqual(CEILING_KIB);
        await context.close();
      }
      console.info(`first load in ${locale} (gzip): ${sizes.join(', ')}`);
    });
  }

  // Decision 045: on a slow phone the first paint waits for the HTML, its largest picture and its
  // fonts only; the app's scripts are asked for after it, and then take the page over.
  for (const path of ['/', '/portfolio', '/notes/contrast-is-a-test']) {
    test(`${path} is painted, its largest picture too, before any script is asked for`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext();
      await context.addCookies([{ name: NOT_COUNTED_COOKIE, value: '1', url: baseURL ?? '' }]);
      const page = await context.newPage();
      await open(page, path);
      const timing = await page.evaluate(async () => {
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime);
        // When the largest picture was on screen, as Chromium reports it (Element Timing).
        const pictures = await new Promise<PerformanceEntryList>((resolve) => {
          const observer = new PerformanceObserver((list) => resolve(list.getEntries()));
          observer.observe({ type: 'element', buffered: true });
          setTimeout(() => resolve([]), 1000);
        });
        return {
          firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
          firstScript: Math.min(...scripts),
          picturePainted: pictures.map((entry) => entry.startTime),
          picture: document.querySelectorAll('img[elementtiming]').length,
        };
      });
      expect(timing.firstPaint, 'first contentful paint').toBeGreaterThan(0);
      expect(timing.firstScript).toBeGreaterThan(timing.firstPaint);
      // The home page's portrait and the portfolio's first card; the note has no cover.
      expect(timing.picture).toBe(path === '/notes/contrast-is-a-test' ? 0 : 1);
      expect(timing.picturePainted).toHaveLength(timing.picture);
      for (const painted of timing.picturePainted) expect(timing.firstScript).toBeGreaterThan(painted);
      await context.close();
    });
  }

  test('the owner’s area, which the app draws, asks for its scripts at once, not after the wait for a paint', async ({
    page,
    allowConsoleErrors,
  }) => {
    // Signed out, the owner API answers 401 and the browser logs it.
    allowConsoleErrors(/status of 401/);
    await page.goto('/owner');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const { parsed, firstScript } = await page.evaluate(() => ({
      parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
      firstScript: Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime),
      ),
    }));
    // The loader waits two seconds at most for a paint; an empty page must not wait at all.
    expect(firstScript - parsed).toBeLessThan(1000);
  });

  test('the portfolio preloads its first card’s picture alone; the cards beside it come after', async ({ request }) => {
    const html = await (await request.get('/portfolio')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const pictures = new Set(head.match(/<link rel="preload" as="image" href="\/media\/[^"]+"/g));
    expect([...pictures]).toEqual([expect.stringContaining('/media/portfolio/')]);
    // The second and third cards (beside the first on a wide screen) still load at once, at low priority.
    const cards = [...html.matchAll(/<img [^>]*src="\/media\/portfolio\/[^>]*>/g)].map(([tag]) => tag);
    expect(cards.slice(0, 3).map((tag) => /fetchPriority="(\w+)"/.exec(tag)?.[1])).toEqual(['high', 'low', 'low']);
    expect(cards.slice(0, 3).every((tag) => tag.includes('loading="eager"'))).toBe(true);
  });
});
