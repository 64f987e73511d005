import { expectNoAxeViolations } from './axe.js';
import { budget, chooseLanguage, expect, open, test } from './fixtures.js';

const PAGES = ['/', '/about', '/portfolio', '/contact', '/missing-page'];

test.describe('accessibility and responsiveness', () => {
  // The scans below pass only if the check can fail: a nameless button in the page and in a frame.
  test('the axe check fails on a serious finding, in the page and in its frames, and leaves out what it excludes', async ({
    page,
  }) => {
    // Served from the site's own origin, as every page the scans look at.
    await page.route('**/axe-faults', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>Faults</title><main><h1>Faults</h1><button id="outer"></button><iframe title="inner" srcdoc="<button id=inner></button>"></iframe></main>',
      }),
    );
    await page.goto('/axe-faults');
    await expect(page.frameLocator('iframe').locator('#inner')).toBeAttached();
    const failure = (scope?: { exclude: string }) =>
      expectNoAxeViolations(page, 'a page with faults', scope).then(
        () => '',
        (error: Error) => error.message,
      );
    const whole = await failure();
    expect(whole).toContain('button-name');
    expect(whole).toContain('#outer');
    expect(whole).toContain('#inner');
    const withoutFrame = await failure({ exclude: 'iframe' });
    expect(withoutFrame).toContain('#outer');
    expect(withoutFrame).not.toContain('#inner');
  });

  // One test per page and theme: an axe scan takes a few seconds on a busy two-core machine, and
  // ten of them in one test would not fit any sensible budget.
  for (const theme of ['light', 'dark'] as const) {
    for (const path of PAGES) {
      test(`no serious or critical axe violations on ${path} (${theme})`, async ({
        page,
        context,
        baseURL,
        allowConsoleErrors,
      }) => {
        test.setTimeout(budget({ pages: 1, scans: 1 }));
        allowConsoleErrors(/status of 404/); // the 404 page is one of the pages
        await context.addCookies([{ name: 'theme', value: theme, url: baseURL ?? '' }]);
        await open(page, path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectNoAxeViolations(page, `${path} (${theme})`, { exclude: '[data-testid="loading-overlay"]' });
      });
    }
  }

  for (const width of [320, 375, 768, 1440]) {
    for (const theme of ['light', 'dark'] as const) {
      test(`no horizontal scrolling at ${width} px (${theme}), in the longest language`, async ({
        page,
        context,
        baseURL,
        allowConsoleErrors,
      }) => {
        test.setTimeout(budget({ pages: 7 }));
        allowConsoleErrors(/status of 404/);
        await context.addCookies([{ name: 'theme', value: theme, url: baseURL ?? '' }]);
        await page.setViewportSize({ width, height: 800 });
        await open(page, '/');
        await chooseLanguage(page, 'russian');
        for (const path of PAGES) {
          await open(page, path);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, path).toBeLessThanOrEqual(0);
        }
      });
    }
  }

  test('all text fits its box at 320 px in the longest language', async ({ page, allowConsoleErrors }) => {
    test.setTimeout(budget({ pages: 7 }));
    allowConsoleErrors(/status of 404/);
    await page.setViewportSize({ width: 320, height: 700 });
    await open(page, '/');
    await chooseLanguage(page, 'russian');
    for (const path of PAGES) {
      await open(page, path);
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('main *, header *, footer *')]
          .filter((element) => {
            const style = getComputedStyle(element);
            if (style.display === 'none' || style.visibility === 'hidden') return false;
            if (element.closest('[aria-hidden="true"], .visually-hidden')) return false;
            const hasText = [...element.childNodes].some(
              (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
            );
            if (!hasText) return false;
            const box = element.getBoundingClientRect();
            const outsideViewport = box.right > window.innerWidth + 1 || box.left < -1;
            const overflowsBox = style.display !== 'inline' && element.scrollWidth > element.clientWidth + 1;
            return outsideViewport || overflowsBox;
          })
          .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.slice(0, 40)}`),
      );
      expect(clipped, path).toEqual([]);
    }
  });
});
