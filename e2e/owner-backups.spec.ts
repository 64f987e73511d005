import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expectCleanAtPhoneAndDesktop } from './axe.js';
import { budget, expect, test } from './fixtures.js';
import { ageOwnerAuthentication, OWNER_PASSWORD, ownerTexts, signIn, useOwnerPassword } from './owner-support.js';

const en = ownerTexts.english;
const texts = en.settings.backups;

/**
 * Backups in Settings on the worker's own server (SQLite, scheduled backups on): the last backup or
 * none, the schedule changed with the keyboard and refused with a field error first, and a download
 * after the password is asked for again, that opens as a database.
 */
test.describe('backups in Settings', () => {
  useOwnerPassword();
  test.beforeEach(({ allowConsoleErrors }) => allowConsoleErrors(/status of (400|401|403)/));

  test('the owner sees the last backup, changes the schedule, and downloads a backup after confirming it is them', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 4, scans: 4 }));
    await signIn(page, 'english');
    await page.getByRole('link', { name: en.nav.settings }).click();
    const card = page.getByRole('region', { name: texts.title });
    // The server backs up at its first turn after start, so there is one, or not yet.
    await expect(card.getByText(/^Last backup: .+, .+\.$|^No scheduled backup yet\.$/)).toBeVisible();

    // The keyboard moves between the choices; a number of backups out of range is named at its field.
    await expect(card.getByRole('radio', { name: texts.frequency_daily })).toBeChecked();
    await card.getByRole('radio', { name: texts.frequency_daily }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(card.getByRole('radio', { name: texts.frequency_weekly })).toBeChecked();
    const keep = card.getByLabel(texts.keep, { exact: true });
    await keep.fill('0');
    await keep.press('Enter');
    await expect(keep).toHaveAccessibleDescription(new RegExp(texts.errors.too_small));
    await expect(keep).toHaveAttribute('aria-invalid', 'true');
    await keep.fill('5');
    await card.getByRole('button', { name: texts.save }).click();
    await expect(card.getByRole('status').filter({ hasText: texts.saved })).toBeVisible();
    await page.reload();
    await expect(card.getByRole('radio', { name: texts.frequency_weekly })).toBeChecked();
    await expect(card.getByLabel(texts.keep, { exact: true })).toHaveValue('5');

    await expectCleanAtPhoneAndDesktop(page, 'backups in Settings', {
      include: 'section[aria-labelledby="owner-backups-title"]',
    });

    // Signed in long ago: the password is asked for first, then the download goes ahead by itself.
    ageOwnerAuthentication();
    await card.getByRole('button', { name: texts.download }).focus();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('heading', { name: en.security.reauth_title })).toBeVisible();
    await expectCleanAtPhoneAndDesktop(page, 'backups in Settings, confirming it is the owner', {
      include: 'section[aria-labelledby="owner-backups-title"]',
    });
    await card.getByLabel(en.sign_in.password, { exact: true }).fill(OWNER_PASSWORD);
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: en.security.reauth_submit }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sahifa-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite$/);
    await expect(card.getByRole('status').filter({ hasText: download.suggestedFilename() })).toBeVisible();

    const folder = mkdtempSync(path.join(tmpdir(), 'sahifa-e2e-backup-'));
    try {
      const file = path.join(folder, download.suggestedFilename());
      await download.saveAs(file);
      const copy = new Database(file, { readonly: true, fileMustExist: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(copy.prepare('SELECT count(*) AS n FROM owner_credentials').get()).toEqual({ n: 1 });
      } finally {
        copy.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }

    // Back to the default for the files after this one.
    await card.getByRole('radio', { name: texts.frequency_daily }).check();
    await card.getByLabel(texts.keep, { exact: true }).fill('7');
    await card.getByRole('button', { name: texts.save }).click();
    await expect(card.getByRole('status').filter({ hasText: texts.saved })).toBeVisible();
  });
});
