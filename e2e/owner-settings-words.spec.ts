import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Secret, TOTP } from 'otpauth';
import { expectCleanAtPhoneAndDesktop } from './axe.js';
import { budget, expect, test } from './fixtures.js';
import { ownerTexts, signIn, useOwnerPassword } from './owner-support.js';
import { E2E_DATA_DIR, E2E_PORT } from './support.js';

const en = ownerTexts.english;
const port = E2E_PORT;

test.describe('the second factor, set up in words people read', () => {
  useOwnerPassword();
  // Before signing in, the owner area asks for the session and the browser logs its 401.
  test.beforeEach(({ allowConsoleErrors }) => allowConsoleErrors(/status of 401/));
  // Whatever happened, the next files find no second factor.
  test.afterAll(() => {
    const db = new Database(path.join(E2E_DATA_DIR, 'sahifa.sqlite'), { fileMustExist: true });
    try {
      db.exec('DELETE FROM owner_totp; DELETE FROM owner_recovery_codes;');
    } finally {
      db.close();
    }
  });

  test('the key shows in groups of four; the recovery codes are copied and downloaded as a text file', async ({
    page,
    context,
  }) => {
    test.setTimeout(budget({ pages: 4, scans: 4 }));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'english');
    await page.getByRole('link', { name: en.nav.settings }).click();
    await page.getByRole('button', { name: en.security.turn_on }).click();
    await expect(page.getByRole('img', { name: en.security.qr_label })).toBeVisible();

    // Groups of four on screen, one key without spaces for the app (and for copying).
    const key = page.locator('code').filter({ hasText: /^[A-Z2-7]+$/ });
    await expect(key).toHaveAccessibleDescription(en.security.secret_hint);
    const groups = await key.locator('span').allTextContents();
    expect(groups).toHaveLength(8);
    for (const group of groups) expect(group).toMatch(/^[A-Z2-7]{4}$/);
    const secret = (await key.textContent()) ?? '';
    expect(secret).toBe(groups.join(''));
    const [first, second] = await key
      .locator('span')
      .evaluateAll((spans) => spans.slice(0, 2).map((span) => span.getBoundingClientRect()));
    expect((second?.left ?? 0) - (first?.right ?? 0), 'a gap between two groups').toBeGreaterThan(4);

    await page
      .getByLabel(en.security.confirm_code)
      .fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() }));
    await page.getByRole('button', { name: en.security.confirm }).click();
    const codes = page.getByRole('list', { name: en.security.recovery_title }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCodes = await codes.allTextContents();

    await page.getByRole('button', { name: en.security.recovery_copy }).click();
    await expect(page.getByRole('status').filter({ hasText: en.security.recovery_copied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(recoveryCodes.join('\n'));

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: en.security.recovery_download }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`recovery-codes-127.0.0.1-${port}.txt`);
    const text = readFileSync((await file.path()) ?? '', 'utf8');
    expect(text.split('\n')[0]).toBe(en.security.recovery_file_title.replace('{{site}}', `127.0.0.1:${port}`));
    for (const code of recoveryCodes) expect(text).toContain(`\n${code}\n`);

    // Readable at a phone's width and on a desktop, in both themes, with the codes on screen.
    await expectCleanAtPhoneAndDesktop(page, 'Settings', { exclude: 'iframe' });

    await page.getByRole('button', { name: en.security.recovery_saved }).click();
    await expect(codes).toHaveCount(0);
    await page.getByRole('button', { name: en.security.turn_off }).click();
    await expect(page.getByText(en.security.second_factor_off)).toBeVisible();
  });
});
