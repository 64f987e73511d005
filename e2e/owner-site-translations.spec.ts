import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { budget, expect, test } from './fixtures.js';
import { signIn, useOwnerPassword } from './owner-support.js';
import { isDraftSave, studioTexts } from './studio-support.js';

const uz = studioTexts.lotin;
const REPORT = '/owner/site/translations';

/** The report's entry for the first name, in the Identity section's card. */
const firstNameEntry = (page: Page) =>
  page
    .getByRole('region', { name: uz.sections.identity })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: uz.fields.first_name, exact: true }) });

const outOfDateInRussianAndEnglish = uz.translations.outdated
  .replace('{{changed}}', uz.languages.lotin)
  .replace('{{languages}}', `${uz.languages.russian}, ${uz.languages.english}`);

// One owner, one draft: these tests build on each other in order, and leave the draft as published.
test.describe.configure({ mode: 'serial' });

test.describe("the studio's translation report", () => {
  useOwnerPassword();

  // Before signing in, the owner area asks for the session and the browser logs its 401; the section
  // editor's preview is a sandboxed frame that runs no script, which Chromium reports.
  test.beforeEach(({ allowConsoleErrors }) => {
    allowConsoleErrors(/status of 401/);
    allowConsoleErrors(/sandboxed/);
  });

  test('a name changed only in Uzbek is possibly out of date in Russian and English, linked to its field, and leaves the report once marked the same in every language', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 8 }));
    await signIn(page);
    await page.goto('/owner/site/identity');
    const uzbekName = page.getByRole('textbox', { name: `${uz.fields.first_name} ${uz.languages.lotin}` });
    await expect(uzbekName).toBeVisible();
    const answer = page.waitForResponse((response) => isDraftSave(response.url(), response.request().method()));
    await uzbekName.fill(`${await uzbekName.inputValue()}xon`);
    await answer;
    await expect(page.getByRole('status').filter({ hasText: new RegExp(`^${uz.save.saved}$`) })).toBeVisible();

    // From the sections' overview, as the owner finds it.
    await page.getByRole('link', { name: uz.back }).click();
    await page.getByRole('link', { name: uz.translations.link }).click();
    await expect(page.getByRole('heading', { level: 1, name: uz.translations.title })).toBeVisible();
    const entry = firstNameEntry(page);
    await expect(entry).toContainText(outOfDateInRussianAndEnglish);

    // The link opens the field in the first language to look at: Russian.
    await entry.getByRole('link', { name: uz.fields.first_name, exact: true }).click();
    await expect(page).toHaveURL(/\/owner\/site\/identity#field-identity-first_name-russian$/);
    await expect(page.locator(':focus')).toHaveAccessibleName(`${uz.fields.first_name} ${uz.languages.russian}`);

    // Marked "same in every language" with the keyboard: it leaves the report, and is listed as marked.
    await page.goBack();
    await expect(entry).toContainText(outOfDateInRussianAndEnglish);
    await entry.getByRole('button', { name: uz.translations.mark }).focus();
    await page.keyboard.press('Enter');
    // The report's own notice (the publish bar under it says whether the draft is saved).
    const markedNotice = uz.translations.marked_notice.replace('{{field}}', uz.fields.first_name);
    await expect(page.getByRole('status').filter({ hasText: markedNotice })).toHaveText(markedNotice);
    await expect(page.locator(':focus')).toHaveRole('status');
    await expect(entry).toHaveCount(0);
    const marked = page.getByRole('region', { name: uz.translations.marked_title });
    await expect(marked.getByRole('listitem')).toContainText(`${uz.sections.identity} › ${uz.fields.first_name}`);

    // Still left out when the report is read again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: uz.translations.title })).toBeVisible();
    await expect(marked.getByRole('button', { name: uz.translations.unmark })).toBeVisible();
    await expect(entry).toHaveCount(0);
  });

  test('axe finds nothing serious on the report in either theme; it fits 320 px and speaks the three languages', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 8, scans: 2 }));
    await signIn(page);
    await page.setViewportSize({ width: 320, height: 800 });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(REPORT);
      await page.evaluate((value) => {
        document.documentElement.dataset.theme = value;
      }, theme);
      await expect(page.getByRole('region', { name: uz.translations.marked_title })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, theme).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, theme);
    }
    for (const locale of ['russian', 'english'] as const) {
      const texts = studioTexts[locale];
      await page.goto(`${REPORT}?lang=${locale}`);
      await expect(page.getByRole('heading', { level: 1, name: texts.translations.title })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: texts.translations.marked_title })).toBeVisible();
      await expect(page.getByText(texts.translations.intro)).toBeVisible();
    }
    // A note in two languages has no version in the third: not a text "missing", under a report that
    // said every text is translated (both stood on the page).
    const en = studioTexts.english;
    await expect(
      page.getByRole('region', { name: en.entries.collections.notes }).getByRole('listitem').first(),
    ).toContainText(en.entries.no_version.split('{{')[0] ?? '');
    await expect(page.getByRole('region', { name: en.entries.collections.notes })).not.toContainText(
      en.translations.missing.replace(': {{languages}}', ''),
    );
    // The notes' and projects' cards are the sections' cards: the same padding and the same heading.
    await expect(
      page.getByRole('heading', { level: 2, name: studioTexts.english.entries.collections.projects }),
    ).toBeVisible();
    const looks = await page
      .getByRole('main')
      .locator('section:has(> h2)')
      .evaluateAll((sections) =>
        sections.map((section) => {
          const heading = section.querySelector('h2');
          return `${getComputedStyle(section).padding} ${heading ? getComputedStyle(heading).fontSize : ''}`;
        }),
      );
    expect(looks.length).toBeGreaterThan(5);
    expect(new Set(looks).size, looks.join(', ')).toBe(1);
  });

  test('unmarked, the name is reported again; with the draft discarded, nothing is left to report about it', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 5 }));
    await signIn(page);
    await page.goto(REPORT);
    const marked = page.getByRole('region', { name: uz.translations.marked_title });
    await marked.getByRole('button', { name: uz.translations.unmark }).click();
    // The report's own notice (the publish bar under it says whether the draft is saved).
    const unmarkedNotice = uz.translations.unmarked_notice.replace('{{field}}', uz.fields.first_name);
    await expect(page.getByRole('status').filter({ hasText: unmarkedNotice })).toHaveText(unmarkedNotice);
    await expect(firstNameEntry(page)).toContainText(outOfDateInRussianAndEnglish);
    await expect(marked).toHaveCount(0);

    // The draft back as published: the change in Uzbek is gone, and so is the entry.
    await page.getByRole('link', { name: uz.back }).click();
    await page.getByRole('button', { name: uz.publish.discard }).click();
    await page.getByRole('dialog').getByRole('button', { name: uz.publish_bar.discard_button }).click();
    await expect(page.getByRole('status').filter({ hasText: uz.publish.discarded })).toBeVisible();
    await page.getByRole('link', { name: uz.translations.link }).click();
    await expect(page.getByRole('heading', { level: 1, name: uz.translations.title })).toBeVisible();
    await expect(page.getByRole('region', { name: uz.sections.identity })).toBeVisible();
    await expect(firstNameEntry(page)).toHaveCount(0);
  });
});
