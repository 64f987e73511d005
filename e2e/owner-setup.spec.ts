import type { BuiltSite } from '../scripts/built-site.js';
import { expectNoAxeViolations } from './axe.js';
import { budget, expect, test } from './fixtures.js';
import { ownerTexts, startFirstRunSite } from './owner-support.js';

const en = ownerTexts.english;

// A site started afresh, with no owner password: its own server and data folder, since every
// worker's shared server has one set by other tests.
let site: BuiltSite;
let setupLink: string;

test.beforeAll(async () => {
  ({ site, setupLink } = await startFirstRunSite());
});

test.afterAll(() => site.stop());

test('the printed set-up link sets the first password and signs the owner in; it is accessible in both themes at 320 and 1280 px', async ({
  page,
  browser,
  allowConsoleErrors,
}) => {
  test.setTimeout(budget({ pages: 8, scans: 4 }));
  // Before a password exists, the owner area's session check answers 401 owner_password_not_set.
  allowConsoleErrors(/status of 401/);
  expect(setupLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/owner\/setup#token=[A-Za-z0-9_-]{43}$/);
  const english = setupLink.replace('/owner/setup#', '/owner/setup?lang=english#');
  // The words under each card's title are muted, on this card as on the ones around it (they were in ink).
  const color = (where: typeof page, text: string) =>
    where.getByText(text).evaluate((element) => getComputedStyle(element).color);
  await page.goto(english.replace(/#token=.*/, '#token=not-a-link'));
  await expect(page.getByRole('heading', { level: 1, name: en.first_run.invalid_title })).toBeVisible();
  const invalidColor = await color(page, en.first_run.invalid_text);
  await page.goto('about:blank'); // the same address with another fragment would not load again
  await page.goto(english);
  expect(await color(page, en.first_run.intro)).toBe(invalidColor);

  for (const width of [320, 1280]) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(english);
      await expect(page.getByRole('heading', { level: 1, name: en.first_run.title })).toBeVisible();
      await expectNoAxeViolations(page, `the set-up page, ${width} px, ${theme}`);
    }
  }

  const introColor = await color(page, en.first_run.intro);

  await page.getByLabel(en.first_run.password).fill('too short');
  await expect(page.getByText(en.first_run.strength_short)).toBeVisible();
  await page.getByLabel(en.first_run.password).fill('a long first passphrase');
  await expect(page.getByText(en.first_run.strength_strong)).toBeVisible();
  await page.getByLabel(en.first_run.repeat).fill('a long first passphrase, not');
  await page.getByRole('button', { name: en.first_run.submit }).click();
  await expect(page.getByText(en.first_run.mismatch)).toBeVisible();

  await page.getByLabel(en.first_run.repeat).fill('a long first passphrase');
  await page.getByRole('button', { name: en.first_run.submit }).click();
  await expect(page.getByRole('link', { name: en.nav.inbox })).toBeVisible();
  await expect(page).toHaveURL(/\/owner$/);

  // The link is used up: another browser opening it is sent to sign in.
  const other = await browser.newContext({ colorScheme: 'dark' });
  const stranger = await other.newPage();
  await stranger.goto(english);
  await expect(stranger.getByRole('heading', { level: 1, name: en.first_run.exists_title })).toBeVisible();
  expect(await color(stranger, en.first_run.exists_text)).toBe(introColor);
  await other.close();
});
