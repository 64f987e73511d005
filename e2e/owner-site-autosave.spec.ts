import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.js';
import { ownerTexts, signIn, useOwnerPassword } from './owner-support.js';
import { isDraftSave, saved, studioTexts } from './studio-support.js';

const en = studioTexts.english;
const DRAFT = '**/api/v1/owner/content/draft';

const phoneField = (page: Page) => page.getByLabel(en.fields.phone, { exact: true });
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: new RegExp(`^${text}$`) });
const serverPhone = async (page: Page) =>
  (await (await page.request.get('/api/v1/owner/content/draft')).json()).data.draft.content.identity.phone;

/** Opens the Identity section through the Site area's links, as the owner does. */
async function openIdentity(page: Page) {
  await page
    .getByRole('navigation', { name: ownerTexts.english.nav.label })
    .getByRole('link', { name: ownerTexts.english.nav.site })
    .click();
  await page.getByRole('link', { name: en.sections.identity, exact: true }).click();
  await expect(phoneField(page)).toBeVisible();
}

/** Changes the phone number and leaves the field, which saves at once. */
async function typePhone(page: Page, phone: string) {
  await phoneField(page).fill(phone);
  await phoneField(page).blur();
}

// One owner, one draft: each test puts the phone number back, so the draft ends as it began.
test.describe.configure({ mode: 'serial' });

test.describe('autosave of the studio', () => {
  useOwnerPassword();
  let original = '';

  test.beforeEach(async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 401/);
    allowConsoleErrors(/sandboxed/);
    await signIn(page, 'english');
    await openIdentity(page);
    original = await phoneField(page).inputValue();
  });

  test.afterEach(async ({ page }) => {
    await page.unrouteAll();
    if ((await phoneField(page).inputValue()) !== original) await saved(page, () => typePhone(page, original));
  });

  test('saves go one after another, each from the revision the one before saved; a later edit is never overwritten', async ({
    page,
  }) => {
    const events: string[] = [];
    await page.route(DRAFT, async (route) => {
      if (!isDraftSave(route.request().url(), route.request().method())) return route.continue();
      events.push('sent');
      // The first save's answer is slow: the next edit is made while it is on its way.
      if (events.length === 1) await new Promise((resolve) => setTimeout(resolve, 1_500));
      const response = await route.fetch();
      events.push(`answered ${response.status()}`);
      await route.fulfill({ response });
    });

    await typePhone(page, '+998 90 000 00 11');
    await expect(status(page, en.save.saving)).toBeVisible();
    await typePhone(page, '+998 90 000 00 12');
    await expect(status(page, en.save.saved)).toBeVisible({ timeout: 10_000 });

    expect(events).toEqual(['sent', 'answered 200', 'sent', 'answered 200']);
    await expect(phoneField(page)).toHaveValue('+998 90 000 00 12');
    expect(await serverPhone(page)).toBe('+998 90 000 00 12');
  });

  test('offline, the page says so and keeps the edits; the save goes as soon as the browser is back online', async ({
    page,
    context,
    allowConsoleErrors,
  }) => {
    // Offline, what the page loads meanwhile fails too: the preview's pictures (matched by address).
    allowConsoleErrors(/Failed to load resource|ERR_INTERNET_DISCONNECTED|\/media\//);
    await context.setOffline(true);
    await typePhone(page, '+998 90 000 00 21');
    await expect(status(page, en.save.offline)).toBeVisible();

    // No retry timer: the connection coming back sends the save (well within the 4 s between retries).
    await context.setOffline(false);
    await expect(status(page, en.save.saved)).toBeVisible({ timeout: 3_000 });
    expect(await serverPhone(page)).toBe('+998 90 000 00 21');
  });

  test('edits that never reached the server survive a reload, and are saved once the server answers again', async ({
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(budget({ pages: 4 }));
    allowConsoleErrors(/content\/draft|Failed to load resource|ERR_FAILED/);
    await page.route(DRAFT, (route) =>
      isDraftSave(route.request().url(), route.request().method())
        ? route.abort('internetdisconnected')
        : route.continue(),
    );
    await typePhone(page, '+998 90 000 00 31');
    await expect(status(page, en.save.retrying)).toBeVisible();

    // Reloading asks first (the edits are not on the server); the owner goes on.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(phoneField(page)).toHaveValue('+998 90 000 00 31');
    await expect(status(page, en.save.retrying)).toBeVisible();

    await page.unroute(DRAFT);
    await expect(status(page, en.save.saved)).toBeVisible({ timeout: 15_000 });
    expect(await serverPhone(page)).toBe('+998 90 000 00 31');
  });

  test('leaving the studio and coming back shows what was saved, and the next save goes on from it', async ({
    page,
  }) => {
    await saved(page, () => typePhone(page, '+998 90 000 00 41'));
    await page
      .getByRole('navigation', { name: ownerTexts.english.nav.label })
      .getByRole('link', { name: ownerTexts.english.nav.inbox })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: new RegExp(`^${ownerTexts.english.nav.inbox}`) }),
    ).toBeVisible();
    await openIdentity(page);
    await expect(phoneField(page)).toHaveValue('+998 90 000 00 41');

    await saved(page, () => typePhone(page, '+998 90 000 00 42'));
    await expect(page.getByRole('dialog', { name: en.conflict.title })).toBeHidden();
    expect(await serverPhone(page)).toBe('+998 90 000 00 42');
  });
});
