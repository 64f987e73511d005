import { expectCleanAtPhoneAndDesktop } from './axe.js';
import { budget, expect, test } from './fixtures.js';
import { ownerTexts, signIn, useOwnerPassword } from './owner-support.js';

const en = ownerTexts.english;
const ru = ownerTexts.russian;
const texts = en.settings.notices;
const DEFAULTS = { language: 'interface', messages: 'each', digestHours: 3, signIns: true };

/**
 * Notices in Settings on the worker's own server (no OWNER_LOCALE, e-mail configured): the language
 * follows the owner area's until another is chosen, new messages as a digest, sign-ins turned off,
 * the weekly summary's day and hour; all by keyboard, kept after a reload, axe clean.
 */
test.describe('notices in Settings', () => {
  useOwnerPassword();
  test.use({ timezoneId: 'Asia/Tashkent' });
  // Before signing in, the owner area asks whether there is a session: 401.
  test.beforeEach(({ allowConsoleErrors }) => allowConsoleErrors(/status of 401/));
  // The server is shared with other specs: they expect each message told, in the owner area's language.
  test.afterEach(async ({ page }) => {
    const headers = { 'sec-fetch-site': 'same-origin' };
    await page.request.put('/api/v1/owner/notices', { data: DEFAULTS, headers });
    await page.request.put('/api/v1/owner/weekly-summary', { data: { enabled: false, day: 1, hour: 6 }, headers });
    await page.request.put('/api/v1/owner/interface-language', { data: { language: 'lotin' }, headers });
  });

  test('the owner chooses the notices and their language, and they are kept', async ({ page }) => {
    test.setTimeout(budget({ pages: 5, scans: 8 }));
    await signIn(page, 'english');
    await page.getByRole('link', { name: en.nav.settings }).click();
    const card = page.getByRole('region', { name: texts.title });
    const languages = card.getByRole('group', { name: texts.language });
    // The owner area is in English, and has told the server so.
    const sameAsOwnerArea = languages.getByRole('radio', {
      name: texts.language_interface.replace('{{language}}', 'English'),
    });
    await expect(sameAsOwnerArea).toBeChecked();
    await sameAsOwnerArea.focus();
    // Down past O'zbek to Русский.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(languages.getByRole('radio', { name: 'Русский' })).toBeChecked();
    const each = card.getByRole('radio', { name: texts.messages_each });
    await expect(each).toBeChecked();
    await each.focus();
    await page.keyboard.press('ArrowDown');
    await expect(card.getByRole('radio', { name: texts.messages_digest })).toBeChecked();
    const hours = card.getByLabel(texts.digest_hours, { exact: true });
    await expect(hours).toHaveValue('3');
    await hours.selectOption({ label: texts.digest_6 });
    const signIns = card.getByRole('switch', { name: texts.sign_ins });
    await expect(signIns).toBeChecked();
    await signIns.focus();
    await page.keyboard.press('Space');
    await expect(signIns).not.toBeChecked();
    await card.getByRole('button', { name: texts.save }).press('Enter');
    await expect(card.getByRole('status').filter({ hasText: texts.saved })).toBeVisible();

    // The weekly summary goes on Friday at 09:00 UTC.
    const summary = page.getByRole('region', { name: en.settings.summary_title });
    await summary.getByLabel(texts.summary_day, { exact: true }).selectOption({ label: texts.days['5'] });
    await summary.getByLabel(texts.summary_hour, { exact: true }).selectOption({ label: '09:00' });
    // The browser's clock is Tashkent's: the hour is also said as the owner lives by it.
    await expect(summary.getByLabel(texts.summary_hour, { exact: true })).toHaveAccessibleDescription(
      texts.summary_time_hint.replace('{{utc}}', '09:00').replace('{{local}}', '14:00'),
    );

    await expectCleanAtPhoneAndDesktop(page, 'notices in Settings', {
      include: 'section[aria-labelledby="owner-notices-title"]',
    });
    await expectCleanAtPhoneAndDesktop(page, 'the weekly summary in Settings', {
      include: 'section[aria-labelledby="owner-summary-title"]',
    });

    await page.reload();
    await expect(languages.getByRole('radio', { name: 'Русский' })).toBeChecked();
    await expect(card.getByRole('radio', { name: texts.messages_digest })).toBeChecked();
    await expect(hours).toHaveValue('6');
    await expect(signIns).not.toBeChecked();
    await expect(summary.getByLabel(texts.summary_day, { exact: true })).toHaveValue('5');
    await expect(summary.getByLabel(texts.summary_hour, { exact: true })).toHaveValue('9');

    // Back to the owner area's language, then the owner area changes to Russian: "now" follows.
    await sameAsOwnerArea.check();
    await card.getByRole('button', { name: texts.save }).click();
    await expect(card.getByRole('status').filter({ hasText: texts.saved })).toBeVisible();
    await page.goto('/owner/settings?lang=russian');
    const russianCard = page.getByRole('region', { name: ru.settings.notices.title });
    await expect(
      russianCard.getByRole('radio', {
        name: ru.settings.notices.language_interface.replace('{{language}}', 'Русский'),
      }),
    ).toBeChecked();
    const reported = await page.request.get('/api/v1/owner/notices');
    expect((await reported.json()).data).toMatchObject({ interfaceLanguage: 'russian', effectiveLanguage: 'russian' });
  });
});
