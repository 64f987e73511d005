import { readFileSync } from 'node:fs';
import type { Frame, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { budget, expect, SANDBOX_BLOCKED_SCRIPT, test } from './fixtures.js';
import { signIn, useOwnerPassword } from './owner-support.js';
import { saved, studioTexts } from './studio-support.js';

type SiteTexts = typeof import('../src/web/i18n/locales/english.json');

/** The studio's and the site's own English texts: tests expect exactly what the owner is shown. */
const en = studioTexts.english;
const site = JSON.parse(readFileSync('src/web/i18n/locales/english.json', 'utf8')) as SiteTexts;

/** The preview's frame as it is now (each save loads a new one). */
function previewFrame(page: Page): Frame | undefined {
  return page.frames().find((frame) => frame.url().includes('/api/v1/owner/content/preview'));
}

/**
 * The preview page's scroll, read (or set) from the studio's page: the frame is the site's own, and
 * running anything inside it would be blocked (and reported) by its sandbox. With `element`, whether
 * that element is in the frame's view, scrolled down to.
 */
function previewScroll(page: Page, { element, scrollTo }: { element?: string; scrollTo?: number } = {}) {
  return page.evaluate(
    ({ title, element, scrollTo }) => {
      const view = document.querySelector<HTMLIFrameElement>(`iframe[title="${title}"]`)?.contentWindow;
      if (view?.document.readyState !== 'complete') return undefined;
      if (scrollTo !== undefined) view.scrollTo(0, scrollTo);
      if (element === undefined) return view.scrollY;
      const box = view.document.getElementById(element)?.getBoundingClientRect();
      return box !== undefined && box.top < view.innerHeight && box.bottom > 0 && view.scrollY > 0;
    },
    { title: en.preview.frame, element, scrollTo },
  );
}

/**
 * What the preview's page shows at a selector (its text, its HTML, or how many match), read from the
 * studio's page like its scroll: Playwright's locators would run their own script in the frame, which
 * its sandbox blocks and reports, and this test proves that the preview reports nothing.
 */
function inPreview(page: Page, selector: string, read: 'text' | 'html' | 'count' = 'text') {
  return page.evaluate(
    ({ title, selector, read }) => {
      const view = document.querySelector<HTMLIFrameElement>(`iframe[title="${title}"]`)?.contentWindow;
      if (view?.document.readyState !== 'complete') return undefined;
      const found = view.document.querySelectorAll(selector);
      if (read === 'count') return found.length;
      return read === 'html' ? found[0]?.innerHTML : found[0]?.textContent?.trim();
    },
    { title: en.preview.frame, selector, read },
  );
}

// One owner, one draft: these tests build on each other in order.
test.describe.configure({ mode: 'serial' });
// A retry records a trace (playwright.config.ts), whose snapshots run Playwright's own script in every
// frame: the preview's sandbox blocks it and Chromium reports that as a console error. Only then is it
// allowed; a first run proves the preview reports none. (Turning the trace off for the file instead
// would need workers of their own, which started these files last.)
test.beforeEach(({ allowConsoleErrors }, testInfo) => {
  if (testInfo.retry > 0) allowConsoleErrors(SANDBOX_BLOCKED_SCRIPT);
});

test.describe("the studio's preview and footer editor", () => {
  useOwnerPassword();

  // Before signing in, the owner area asks for the session and the browser logs its 401. The preview
  // has no script at all, so its sandbox reports nothing.
  test.beforeEach(({ allowConsoleErrors }) => {
    allowConsoleErrors(/status of 401/);
  });

  test('editing a portfolio item scrolls the preview to it, and the preview keeps its place across saves', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 6 }));
    await signIn(page, 'english');
    await page.goto('/owner/site/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: en.sections.portfolio })).toBeVisible();
    const draft = (await (await page.request.get('/api/v1/owner/content/draft')).json()).data.draft.content;
    const items = draft.portfolio.items as { id: string }[];
    const lastItem = items.at(-1);
    expect(items.length).toBeGreaterThan(3);
    const anchor = `portfolio-item-${lastItem?.id}`;
    // The preview shows the page's top until a field is edited.
    await expect.poll(() => inPreview(page, 'h1', 'count')).toBe(1);
    await expect.poll(() => previewScroll(page)).toBe(0);

    // Projects are named by their title, which the test changes: the last one by its place.
    const item = page.getByRole('group', { name: new RegExp(`^${en.item_names.items}\\b`) }).nth(items.length - 1);
    const title = item.getByRole('textbox', { name: `${en.fields.title} ${en.languages.english}`, exact: true });
    await title.focus();
    await expect.poll(() => previewFrame(page)?.url()).toContain(`#${anchor}`);
    await expect.poll(() => previewScroll(page, { element: anchor })).toBe(true);

    // The edit shows after its save, with the item still in view.
    await saved(page, () => title.fill('The last project, renamed'));
    await expect.poll(() => inPreview(page, `#${anchor} h2`)).toBe('The last project, renamed');
    await expect.poll(() => previewScroll(page, { element: anchor })).toBe(true);

    // Where the owner scrolled the preview to, it stays after the next save (the page is reloaded).
    await expect.poll(() => previewScroll(page, { scrollTo: 40 })).toBe(40);
    await saved(page, () => title.fill('The last project, renamed again'));
    await expect.poll(() => inPreview(page, `#${anchor} h2`)).toBe('The last project, renamed again');
    await expect.poll(() => previewScroll(page)).toBe(40);
  });

  test('the 404 page is previewed from the draft', async ({ page, allowConsoleErrors }) => {
    test.setTimeout(budget({ pages: 3 }));
    // The preview of the 404 page is answered with its status, as visitors get it.
    allowConsoleErrors(/status of 404/);
    await signIn(page, 'english');
    await page.goto('/owner/site/portfolio');
    const preview = page.getByRole('region', { name: en.preview.title });
    const pages = preview.getByRole('group', { name: en.preview.page });
    await expect(pages.getByRole('button', { name: en.preview.pages.portfolio })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await pages.getByRole('button', { name: en.preview.pages.not_found }).click();
    await expect.poll(() => inPreview(page, 'main h1')).toBe(site.errors['404'].title);
    await expect.poll(() => inPreview(page, 'main a[href="/"]')).toBe(site.errors['404'].back_home);
  });

  test('the footer toolbar, by keyboard alone, writes bold and italic text that the preview shows sanitized', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 4 }));
    await signIn(page, 'english');
    await page.goto('/owner/site/footer');
    const description = page.getByRole('textbox', { name: `${en.fields.description} ${en.languages.english}` });
    await description.fill('Made with care <img src="x" onerror="alert(1)">');
    await description.press('Control+Home');
    for (const _ of 'Made with '.split('')) await page.keyboard.press('ArrowRight');
    for (const _ of 'care'.split('')) await page.keyboard.press('Shift+ArrowRight');

    // The toolbar is one stop before the text; the arrow keys move along its buttons.
    await page.keyboard.press('Shift+Tab');
    const toolbar = page.getByRole('toolbar', { name: en.html_editor.toolbar.replace('{{language}}', 'English') });
    await expect(toolbar.getByRole('button', { name: en.html_editor.bold })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(toolbar.getByRole('button', { name: en.html_editor.italic })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await saved(page, () => page.keyboard.press('Enter'));
    await expect(description).toBeFocused();
    await expect(description).toHaveValue('Made with <strong>care</strong> <img src="x" onerror="alert(1)">');

    // The word is still selected: Ctrl+I makes it italic too.
    await saved(page, () => page.keyboard.press('Control+i'));
    await expect(description).toHaveValue('Made with <strong><em>care</em></strong> <img src="x" onerror="alert(1)">');

    await expect.poll(() => inPreview(page, 'footer strong > em')).toBe('care');
    // Sanitized exactly as for visitors: the picture and its handler are gone.
    expect(await inPreview(page, 'footer img', 'count')).toBe(0);
    expect(await inPreview(page, 'footer', 'html')).not.toContain('onerror');
  });

  test('axe finds nothing serious on any studio screen, in either theme, at 320 px', async ({
    page,
    context,
    allowConsoleErrors,
  }) => {
    test.setTimeout(budget({ pages: 16, scans: 16 }));
    allowConsoleErrors(/status of 409/);
    await signIn(page, 'english');
    await page.setViewportSize({ width: 320, height: 800 });
    const check = async (screen: string, theme: string) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${screen} in ${theme}`).toBeLessThanOrEqual(0);
      // The preview's page is the visitors' page, checked by their own tests.
      await expectNoAxeViolations(page, `${screen} in ${theme}`, { exclude: 'iframe' });
    };
    const sections = ['identity', 'home', 'about', 'portfolio', 'footer'] as const;
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      const setTheme = () =>
        page.evaluate((value) => {
          document.documentElement.dataset.theme = value;
        }, theme);
      for (const path of ['/owner/site', ...sections.map((section) => `/owner/site/${section}`)]) {
        await page.goto(path);
        await setTheme();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await check(path, theme);
      }

      // The history with a comparison open.
      await page.goto('/owner/site/history');
      await setTheme();
      await expect(page.getByRole('heading', { level: 1, name: en.history.title })).toBeVisible();
      await expect(
        page.getByRole('heading', { level: 2, name: new RegExp(en.history.version.split(' ')[0] ?? '') }).first(),
      ).toBeVisible();
      // Alone, this file's server has only the first version, which has nothing to compare with.
      const compare = page.getByRole('button', { name: en.history.compare });
      if ((await compare.count()) > 0) {
        await compare.first().click();
        await expect(page.getByRole('button', { name: en.history.hide_compare })).toBeVisible();
      }
      await check('the history', theme);

      // The conflict dialog: a second tab saved the footer first.
      await page.goto('/owner/site/footer');
      await setTheme();
      const second = await context.newPage();
      await second.goto('/owner/site/footer');
      const field = (tab: Page) =>
        tab.getByRole('textbox', { name: `${en.fields.description} ${en.languages.russian}` });
      await saved(second, async () => {
        await field(second).fill(`<p>Со второй вкладки (${theme})</p>`);
        await field(second).blur();
      });
      await second.close();
      await page
        .getByRole('group', { name: en.language_switcher })
        .getByRole('button', { name: en.languages.russian })
        .click();
      await field(page).fill(`<p>С первой вкладки (${theme})</p>`);
      await field(page).blur();
      const dialog = page.getByRole('dialog', { name: en.conflict.title });
      await expect(dialog).toBeVisible();
      await check('the conflict dialog', theme);
      await saved(page, () => dialog.getByRole('button', { name: en.conflict.keep_mine }).click());
    }
  });

  test('discarding the draft leaves the site as published for the tests that follow', async ({ page }) => {
    test.setTimeout(budget({ pages: 2 }));
    await signIn(page, 'english');
    await page.goto('/owner/site');
    await page.getByRole('button', { name: en.publish.discard }).click();
    await page.getByRole('dialog').getByRole('button', { name: en.publish_bar.discard_button }).click();
    await expect(page.getByRole('status').filter({ hasText: en.publish.discarded })).toBeVisible();
  });
});
