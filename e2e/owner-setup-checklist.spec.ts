import type { BuiltSite } from '../scripts/built-site.js';
import { expectNoAxeViolations } from './axe.js';
import { budget, expect, test } from './fixtures.js';
import { ownerTexts, startFirstRunSite } from './owner-support.js';

const en = ownerTexts.english;

// A site started afresh (issue 28): no password, no address, no channel. Its own server and data
// folder, since every worker's shared server has a password and settings from other tests.
let site: BuiltSite;
let setupLink: string;

test.beforeAll(async () => {
  ({ site, setupLink } = await startFirstRunSite({ PUBLIC_URL: '' }));
});

test.afterAll(() => site.stop());

test('after the first sign-in the owner sees the set-up checklist, follows a step by keyboard and sees it done; axe clean in both themes at 320 and 1280 px', async ({
  page,
  allowConsoleErrors,
}) => {
  test.setTimeout(budget({ pages: 8, scans: 4 }));
  allowConsoleErrors(/status of 401/);
  await page.goto(setupLink.replace('/owner/setup#', '/owner/setup?lang=english#'));
  await page.getByLabel(en.first_run.password).fill('a long first passphrase');
  await page.getByLabel(en.first_run.repeat).fill('a long first passphrase');
  await page.getByRole('button', { name: en.first_run.submit }).click();

  const checklist = page.getByRole('region', { name: en.checklist.title });
  await expect(checklist).toBeVisible();
  await expect(checklist.getByText('1 of 6 done')).toBeVisible();
  const steps = checklist.getByRole('listitem');
  await expect(steps).toHaveCount(6);
  // Done is said in words, not by colour alone.
  await expect(steps.filter({ hasText: en.checklist.items.password.title })).toContainText(en.checklist.done);
  const addressStep = steps.filter({ hasText: en.checklist.items.site_address.title });
  await expect(addressStep).toContainText(en.checklist.to_do);
  // The banner says the address is missing, with a link to it.
  await expect(page.getByRole('link', { name: en.site_address.banner_link })).toBeVisible();

  for (const width of [320, 1280]) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      await expect(checklist).toBeVisible();
      await expectNoAxeViolations(page, `the owner's home with the checklist, ${width} px, ${theme}`);
    }
  }

  // By keyboard: the step's link opens the address's card in Settings, its heading focused.
  await checklist.getByRole('link', { name: en.checklist.items.site_address.title }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/owner\/settings#owner-site-address-title$/);
  await expect(page.getByRole('heading', { level: 2, name: en.site_address.title })).toBeFocused();
  // The address this page was opened at is proposed: plain http is fine on this machine.
  const field = page.getByLabel(en.site_address.label);
  await expect(field).toHaveValue(new URL(setupLink).origin);
  await field.fill('http://portfolio.example');
  await page.getByRole('button', { name: en.site_address.save }).click();
  await expect(page.getByText(en.site_address.errors.https_required)).toBeVisible();
  await field.fill(new URL(setupLink).origin);
  await page.getByRole('button', { name: en.site_address.save }).click();
  await expect(page.getByRole('status').filter({ hasText: new URL(setupLink).origin })).toBeVisible();
  await expectNoAxeViolations(page, 'the site address in Settings, 320 px, dark');

  await page.getByRole('link', { name: en.nav.inbox }).click();
  await expect(checklist.getByText('2 of 6 done')).toBeVisible();
  await expect(addressStep).toContainText(en.checklist.done);
  await expect(page.getByRole('link', { name: en.site_address.banner_link })).toHaveCount(0);

  // The content step can be marked reviewed from the list itself. On a phone its button stands under the
  // step's words, where they start (it started under the ring, 36 px to the left, at 375 px).
  await page.setViewportSize({ width: 375, height: 900 });
  const reviewStep = steps.filter({ hasText: en.checklist.items.content_reviewed.title });
  const [words, button] = await Promise.all([
    reviewStep.getByRole('link', { name: en.checklist.items.content_reviewed.title }).boundingBox(),
    reviewStep.getByRole('button', { name: en.checklist.mark_reviewed }).boundingBox(),
  ]);
  expect(Math.abs((button?.x ?? 0) - (words?.x ?? Number.NaN))).toBeLessThan(1);
  await checklist.getByRole('button', { name: en.checklist.mark_reviewed }).click();
  await expect(checklist.getByText('3 of 6 done')).toBeVisible();
  await expect(checklist.getByRole('button', { name: en.checklist.hide })).toHaveCount(0);
});
