import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { budget, expect, open, SANDBOX_BLOCKED_SCRIPT, test } from './fixtures.js';
import { signIn, useOwnerPassword } from './owner-support.js';
import { saved, studioTexts } from './studio-support.js';

const en = studioTexts.english;
const count = (text: string, value: number) => text.replace('{{count}}', String(value));

/** The bar at the foot of every studio screen. */
const bar = (page: Page) => page.getByRole('region', { name: en.publish_bar.label });

/** What the preview's page shows at a selector, read from the studio's page (its sandbox runs nothing). */
function inPreview(page: Page, selector: string, read: 'text' | 'count' = 'text') {
  return page.evaluate(
    ({ title, selector, read }) => {
      const view = document.querySelector<HTMLIFrameElement>(`iframe[title="${title}"]`)?.contentWindow;
      if (view?.document.readyState !== 'complete') return undefined;
      const found = view.document.querySelectorAll(selector);
      return read === 'count' ? found.length : found[0]?.textContent?.trim();
    },
    { title: en.preview.frame, selector, read },
  );
}

/** Whether a box is entirely inside the window, where the owner is looking. */
async function inView(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  return (
    box !== null &&
    viewport !== null &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= viewport.height &&
    box.x + box.width <= viewport.width
  );
}

/** The most boxes (a visible border or a background) around any field of the form, inside one another. */
function boxDepth(page: Page) {
  return page.evaluate(() => {
    const boxed = (element: Element) => {
      const style = getComputedStyle(element);
      return (
        (style.borderTopStyle !== 'none' &&
          Number.parseFloat(style.borderTopWidth) > 0 &&
          style.borderTopColor !== 'rgba(0, 0, 0, 0)') ||
        style.backgroundColor !== 'rgba(0, 0, 0, 0)'
      );
    };
    let deepest = 0;
    for (const field of document.querySelectorAll('form input, form textarea')) {
      let boxes = 0;
      for (let element = field.parentElement; element && element.tagName !== 'FORM'; element = element.parentElement) {
        if (boxed(element)) boxes++;
      }
      deepest = Math.max(deepest, boxes);
    }
    return deepest;
  });
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Publishes from the bar of the screen shown, with a note, and waits for the bar to say it is live. */
async function publishFromBar(page: Page, note: string) {
  await bar(page).getByRole('button', { name: en.publish_bar.open }).click();
  const dialog = page.getByRole('dialog', { name: en.publish_bar.confirm_title });
  await expect(dialog).toBeVisible();
  expect(await inView(page, dialog)).toBe(true);
  await dialog.getByLabel(en.publish.note).fill(note);
  await dialog.getByRole('button', { name: en.publish.submit, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(
    bar(page)
      .getByRole('status')
      .filter({ hasText: en.publish.published.split('{{')[0] }),
  ).toBeVisible();
}

// One owner, one draft: these tests build on each other in order, and leave the draft as published.
test.describe.configure({ mode: 'serial' });
// A retry records a trace (playwright.config.ts), whose snapshots run Playwright's own script in every
// frame: the preview's sandbox blocks it and Chromium reports that as a console error. Only then is it
// allowed; a first run proves the preview reports none. (Turning the trace off for the file instead
// would need workers of their own, which started these files last.)
test.beforeEach(({ allowConsoleErrors }, testInfo) => {
  if (testInfo.retry > 0) allowConsoleErrors(SANDBOX_BLOCKED_SCRIPT);
});

test.describe('the publish bar, the preview of an incomplete draft, and the studio on a phone', () => {
  useOwnerPassword();

  test.beforeEach(({ allowConsoleErrors }) => {
    allowConsoleErrors(/status of 401/);
  });

  test('an edit on the About screen is published from the bar there, and visitors see it', async ({ page }) => {
    test.setTimeout(budget({ pages: 10 }));
    await signIn(page, 'english');
    // A file before this one may have left unpublished edits: these tests start from the published site.
    await page.goto('/owner/site');
    // Discard is there once the published version is loaded, which the bar compares the draft with.
    await expect(page.getByRole('button', { name: en.publish.discard })).toBeEnabled();
    if (!(await bar(page).textContent())?.includes(en.state.unchanged)) {
      await page.getByRole('button', { name: en.publish.discard }).click();
      await page.getByRole('dialog').getByRole('button', { name: en.publish_bar.discard_button }).click();
      await expect(page.getByRole('status').filter({ hasText: en.publish.discarded })).toBeVisible();
    }
    await page.goto('/owner/site/about');
    await expect(page.getByRole('heading', { level: 1, name: en.sections.about })).toBeVisible();
    await expect(bar(page)).toContainText(en.state.unchanged);
    const story = page.getByRole('textbox', { name: `${en.fields.custom_text} ${en.languages.english}` });
    const before = await story.inputValue();

    await saved(page, () => story.fill('A story published from where it was written.'));
    await expect(bar(page)).toContainText(count(en.state.changed_one, 1));

    // Far down a long form, the bar is still at hand and the question opens where the owner looks.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await inView(page, bar(page))).toBe(true);
    await bar(page).getByRole('button', { name: en.publish_bar.open }).click();
    const dialog = page.getByRole('dialog', { name: en.publish_bar.confirm_title });
    await expect(dialog).toContainText(count(en.publish_bar.confirm_changes_one, 1));
    expect(await inView(page, dialog)).toBe(true);
    // Cancel publishes nothing and gives the focus back to the bar.
    await dialog.getByRole('button', { name: en.publish_bar.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(bar(page).getByRole('button', { name: en.publish_bar.open })).toBeFocused();

    await publishFromBar(page, 'The story, from the About screen');
    await expect(bar(page)).toContainText(en.state.unchanged);
    await open(page, '/about?lang=english');
    await expect(page.locator('main')).toContainText('A story published from where it was written.');

    // Back as it was, published the same way, so the site is as the other tests expect it.
    await page.goto('/owner/site/about');
    await saved(page, () => story.fill(before));
    await publishFromBar(page, 'The story as it was');
    await open(page, '/about?lang=english');
    await expect(page.locator('main')).not.toContainText('A story published from where it was written.');
  });

  test('an incomplete draft still previews, the missing text marked in place; publishing is refused with the problem linked', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 6 }));
    await signIn(page, 'english');
    await page.goto('/owner/site/home');
    const greeting = page.getByRole('textbox', { name: `${en.fields.greeting} ${en.languages.english}` });
    const before = await greeting.inputValue();
    await expect.poll(() => inPreview(page, 'main')).toContain(before);

    await saved(page, async () => {
      await greeting.fill('');
      await greeting.blur();
    });
    const marker = en.preview.marker_missing.replace('{{field}}', `${en.fields.greeting} (${en.languages.english})`);
    await expect.poll(() => inPreview(page, 'mark[data-field="home.greeting.english"]')).toBe(marker);
    // The page around it is the draft's: nothing else went missing.
    expect(await inPreview(page, 'main')).toContain(marker);
    await expect(page.getByText(en.preview.failed_empty)).toHaveCount(0);

    const problems = bar(page).getByRole('button', { name: count(en.state.problems_one, 1) });
    await expect(problems).toHaveAttribute('aria-expanded', 'false');
    await bar(page).getByRole('button', { name: en.publish_bar.open }).click();
    const dialog = page.getByRole('dialog', { name: en.publish_bar.confirm_title });
    const refusal = dialog.getByRole('alert');
    await expect(refusal).toContainText(count(en.publish.refused_one, 1));
    await expect(dialog.getByRole('button', { name: en.publish.submit, exact: true })).toHaveCount(0);
    const link = refusal.getByRole('link');
    await expect(link).toHaveCount(1);
    await expect(link).toContainText(`${en.sections.home}: ${en.fields.greeting} › ${en.languages.english}`);
    await link.click();
    await expect(dialog).toBeHidden();
    await expect(greeting).toBeFocused();

    // The bar's own list links to it too.
    await problems.click();
    await expect(problems).toHaveAttribute('aria-expanded', 'true');
    await expect(
      bar(page).getByRole('navigation', { name: en.publish_bar.problem_list }).getByRole('link'),
    ).toContainText(en.fields.greeting);

    await saved(page, async () => {
      await greeting.fill(before);
      await greeting.blur();
    });
    await expect(problems).toBeHidden();
    await expect(bar(page)).toContainText(en.state.unchanged);
    await expect.poll(() => inPreview(page, 'mark', 'count')).toBe(0);
  });

  test('a preview that fails to load never replaces the page shown: the pane says so and tries again', async ({
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(budget({ pages: 4 }));
    allowConsoleErrors(/status of 503/);
    await signIn(page, 'english');
    await page.goto('/owner/site/home');
    const greeting = page.getByRole('textbox', { name: `${en.fields.greeting} ${en.languages.english}` });
    const before = await greeting.inputValue();
    await expect.poll(() => inPreview(page, 'main')).toContain(before);

    // The server refuses the next page (as when it restarts): an error answer, not the site's page.
    const refuse = '**/api/v1/owner/content/preview/**';
    await page.route(refuse, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false}' }),
    );
    await saved(page, () => greeting.fill(`${before} (edited)`));
    const failed = page.getByRole('alert').filter({ hasText: en.preview.failed });
    await expect(failed).toBeVisible();
    // The last good page is still what the pane shows, with its title; no error page in its place.
    expect(await inPreview(page, 'main')).toContain(before);
    expect(await inPreview(page, 'main')).not.toContain('(edited)');
    await expect(page.locator(`iframe[title="${en.preview.frame}"]`)).toHaveCount(1);

    await page.unroute(refuse);
    await failed.getByRole('button', { name: en.preview.retry }).click();
    await expect(failed).toBeHidden();
    await expect.poll(() => inPreview(page, 'main')).toContain(`${before} (edited)`);

    await saved(page, async () => {
      await greeting.fill(before);
      await greeting.blur();
    });
    await expect(bar(page)).toContainText(en.state.unchanged);
  });

  test('the desktop preview fits the pane, or shows the page at 100 % in a pane that scrolls sideways', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 3 }));
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'english');
    await page.goto('/owner/site/home');
    const preview = page.getByRole('region', { name: en.preview.title });
    const frame = preview.locator(`iframe[title="${en.preview.frame}"]`);
    await expect.poll(() => inPreview(page, 'main h1', 'count')).toBe(1);
    const zoom = preview.getByRole('group', { name: en.preview.zoom });
    // Each choice is a framed group: the five ran together as one row of buttons.
    for (const name of [en.preview.language, en.preview.theme, en.preview.width, en.preview.zoom]) {
      await expect(preview.getByRole('group', { name }), name).toHaveCSS('border-top-style', 'solid');
    }
    await expect(zoom.getByRole('button', { name: en.preview.fit })).toHaveAttribute('aria-pressed', 'true');
    const fitted = await frame.boundingBox();
    expect(fitted?.width).toBeLessThan(1280);

    // Written as English writes a percentage ("100 %" was the French way, in every language).
    await zoom.getByRole('button', { name: '100%', exact: true }).click();
    await expect(zoom.getByRole('button', { name: '100%', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await frame.boundingBox())?.width).toBe(1280);
    const pane = await preview
      .locator('[data-zoom]')
      .evaluate((element) => ({ overflow: element.scrollWidth - element.clientWidth }));
    expect(pane.overflow).toBeGreaterThan(0);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    // The same page, not reloaded.
    expect(await inPreview(page, 'main h1', 'count')).toBe(1);

    await zoom.getByRole('button', { name: en.preview.fit }).click();
    await expect.poll(async () => (await frame.boundingBox())?.width).toBeCloseTo(fitted?.width ?? 0, 0);
  });

  test('on a 375 px phone: the header in one row, the fields first, the preview behind a button, nothing sideways', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 4 }));
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, 'english');
    await page.goto('/owner/site/about');
    const title = page.getByRole('heading', { level: 1, name: en.sections.about });
    const back = page.getByRole('link', { name: en.back });
    await expect(title).toBeVisible();
    const [titleBox, backBox] = [await title.boundingBox(), await back.boundingBox()];
    // One row: the way back and the title side by side.
    expect(
      Math.abs((titleBox?.y ?? 0) + (titleBox?.height ?? 0) / 2 - ((backBox?.y ?? 0) + (backBox?.height ?? 0) / 2)),
    ).toBeLessThan(12);

    await expect(page.getByRole('region', { name: en.preview.title })).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
    const show = page.getByRole('button', { name: en.preview.show });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('textbox', { name: `${en.fields.custom_text} ${en.languages.english}` })).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    // List items are at most two boxes deep: what an item holds (a period, a project's tags) draws no box.
    expect(await boxDepth(page)).toBeLessThanOrEqual(2);

    await show.click();
    await expect(page.getByRole('button', { name: en.preview.hide })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: en.preview.title })).toBeVisible();
    await expect.poll(() => inPreview(page, 'main h1', 'count')).toBe(1);
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    // A project's tags, inside the project, are no third box either.
    await page.goto('/owner/site/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: en.sections.portfolio })).toBeVisible();
    expect(await boxDepth(page)).toBeLessThanOrEqual(2);
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    // The bar and the publish question fit the phone too; the draft's state reads on a line of its own
    // under the save status and Publish, not folded into a narrow column between them.
    expect(await inView(page, bar(page))).toBe(true);
    const state = bar(page).locator('p[class*="barQuiet"], p[class*="barChanged"]');
    await expect(state).toHaveText(/\S/);
    const lines = await state.evaluate(
      (element) => element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight),
    );
    expect(lines).toBeLessThan(1.5);
    await bar(page).getByRole('button', { name: en.publish_bar.open }).click();
    const dialog = page.getByRole('dialog', { name: en.publish_bar.confirm_title });
    await expect(dialog).toBeVisible();
    expect(await inView(page, dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('axe finds nothing serious on the bar, its problem list and the publish question, in both themes, at 320 px and on a desktop', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 12, scans: 16 }));
    await signIn(page, 'english');
    const check = async (where: string) => {
      expect(await sideways(page), where).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, where, { exclude: 'iframe' });
    };
    await page.goto('/owner/site/identity');
    const role = page.getByRole('textbox', { name: `${en.fields.role} ${en.languages.english}` });
    const before = await role.inputValue();
    for (const width of [320, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto('/owner/site');
        await page.evaluate((value) => {
          document.documentElement.dataset.theme = value;
        }, theme);
        await expect(bar(page)).toBeVisible();
        await check(`the overview at ${width} px in ${theme}`);

        await page.goto('/owner/site/identity');
        await page.evaluate((value) => {
          document.documentElement.dataset.theme = value;
        }, theme);
        if (width === 320) {
          await page
            .getByRole('group', { name: en.language_switcher })
            .getByRole('button', { name: en.languages.english })
            .click();
        }
        await saved(page, async () => {
          await role.fill('');
          await role.blur();
        });
        await bar(page)
          .getByRole('button', { name: count(en.state.problems_one, 1) })
          .click();
        await check(`the problem list at ${width} px in ${theme}`);
        await bar(page).getByRole('button', { name: en.publish_bar.open }).click();
        await expect(page.getByRole('dialog', { name: en.publish_bar.confirm_title })).toBeVisible();
        await check(`the refused publish at ${width} px in ${theme}`);
        await page.keyboard.press('Escape');
        await saved(page, async () => {
          await role.fill(before);
          await role.blur();
        });
        await bar(page).getByRole('button', { name: en.publish_bar.open }).click();
        await expect(page.getByRole('dialog', { name: en.publish_bar.confirm_title })).toBeVisible();
        await check(`the publish question at ${width} px in ${theme}`);
        await page.keyboard.press('Escape');
      }
    }
    // The draft is as published again: nothing left for the tests that follow.
    await expect(bar(page)).toContainText(en.state.unchanged);
  });
});
