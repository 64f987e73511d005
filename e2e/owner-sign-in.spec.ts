import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures.js';
import { forgetOwnerPassword, OWNER_PASSWORD, ownerTexts, setOwnerPassword } from './owner-support.js';
import { E2E_DATA_DIR, E2E_PORT } from './support.js';

const en = ownerTexts.english;
const port = E2E_PORT;

// Passkeys are bound to the site's origin, and an IP address cannot be one: without PUBLIC_URL the
// server's origin is http://localhost:PORT, so these tests browse there.
test.use({ baseURL: `http://localhost:${port}` });
// One owner: these tests build on each other in order.
test.describe.configure({ mode: 'serial' });

/** Runs SQL on the test server's database (to age a session, plant a reset link, tidy up). */
function withDatabase<Result>(work: (db: Database.Database) => Result): Result {
  const db = new Database(path.join(E2E_DATA_DIR, 'sahifa.sqlite'), { fileMustExist: true });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** As if the last proof of identity was 11 minutes ago: sensitive changes ask again. */
const ageSessions = () =>
  withDatabase((db) =>
    db.prepare('UPDATE owner_sessions SET authenticated_at = ?').run(new Date(Date.now() - 11 * 60_000).toISOString()),
  );

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
const appCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

const inbox = (page: Page) =>
  expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${en.nav.inbox}`) })).toBeVisible();

async function enterPassword(page: Page, password = OWNER_PASSWORD) {
  await page.goto('/owner?lang=english');
  await page.getByLabel(en.sign_in.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: en.sign_in.submit, exact: true }).click();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel(en.sign_in.code).fill(code);
  await page.getByRole('button', { name: en.sign_in.submit, exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: en.nav.sign_out }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.sign_in.title })).toBeVisible();
}

async function openSettings(page: Page) {
  await page.getByRole('link', { name: en.nav.settings }).click();
  await expect(page.getByRole('heading', { level: 2, name: en.security.title })).toBeVisible();
}

test.describe("the owner's sign-in", () => {
  // Signed out, the owner API answers 401 by design (and 401 for a wrong code), which the browser logs.
  test.beforeEach(({ allowConsoleErrors }) => allowConsoleErrors(/status of 40[13]/));
  test.beforeAll(() => setOwnerPassword());
  // Whatever happened, the next files find the site as it started: no password, no other factor.
  test.afterAll(() => {
    withDatabase((db) =>
      db.exec('DELETE FROM owner_totp; DELETE FROM owner_recovery_codes; DELETE FROM owner_passkeys;'),
    );
    forgetOwnerPassword();
  });

  test('turns on authenticator codes: codes from the shown key sign in once, recovery codes once', async ({ page }) => {
    test.setTimeout(60_000);
    await enterPassword(page);
    await inbox(page);
    await openSettings(page);
    await page.getByRole('button', { name: en.security.turn_on }).click();
    await expect(page.getByRole('img', { name: en.security.qr_label })).toBeVisible();
    const secret =
      (await page
        .locator('code')
        .filter({ hasText: /^[A-Z2-7]+$/ })
        .textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel(en.security.confirm_code).fill(appCode(secret));
    await page.getByRole('button', { name: en.security.confirm }).click();
    const codes = page.getByRole('list', { name: en.security.recovery_title }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCodes = await codes.allTextContents();
    await page.getByRole('button', { name: en.security.recovery_saved }).click();
    await expect(page.getByText(en.security.second_factor_on.replace('{{count}}', '10'))).toBeVisible();
    await signOut(page);

    // The password alone is not enough any more; the app's next code is.
    await enterPassword(page);
    await expect(page.getByText(en.sign_in.code_hint)).toBeVisible();
    const code = appCode(secret, 1);
    await enterCode(page, code);
    await inbox(page);
    await signOut(page);

    // A code already used is refused; a recovery code works once.
    await enterPassword(page);
    await enterCode(page, code);
    await expect(page.getByRole('alert')).toHaveText(en.errors.wrong_code);
    await enterCode(page, recoveryCodes[0] ?? '');
    await inbox(page);
    await signOut(page);
    await enterPassword(page);
    await enterCode(page, recoveryCodes[0] ?? '');
    await expect(page.getByRole('alert')).toHaveText(en.errors.wrong_code);
    await enterCode(page, recoveryCodes[1] ?? '');
    await inbox(page);

    // Turning it off after a while asks who it is first.
    await openSettings(page);
    ageSessions();
    await page.getByRole('button', { name: en.security.turn_off }).click();
    await expect(page.getByRole('heading', { name: en.security.reauth_title })).toBeVisible();
    const prompt = page.getByRole('region', { name: en.security.reauth_title });
    await prompt.getByLabel(en.sign_in.password, { exact: true }).fill(OWNER_PASSWORD);
    await prompt.getByLabel(en.security.code).fill(recoveryCodes[2] ?? '');
    await prompt.getByRole('button', { name: en.security.reauth_submit }).click();
    await expect(page.getByText(en.security.second_factor_off)).toBeVisible();
    await expect(page.getByRole('heading', { name: en.security.reauth_title })).toHaveCount(0);
  });

  test('adds a passkey, signs in with it alone, and removes it (a virtual authenticator)', async ({
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(60_000);
    // The removed passkey's last try is refused with 400, as it should be.
    allowConsoleErrors(/status of 400/);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await enterPassword(page);
    await inbox(page);
    await openSettings(page);
    await page.getByLabel(en.security.passkey_name).fill('Test laptop');
    await page.getByRole('button', { name: en.security.add_passkey }).click();
    const passkeys = page.getByRole('list', { name: en.security.passkeys_title });
    await expect(passkeys.getByRole('listitem')).toHaveCount(1);
    await expect(passkeys.getByText('Test laptop')).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.rpId).toBe('localhost');
    await signOut(page);

    await page.goto('/owner?lang=english');
    await page.getByRole('button', { name: en.sign_in.passkey }).click();
    await inbox(page);
    await openSettings(page);
    await expect(passkeys.getByText(/last used/)).toBeVisible();

    await passkeys.getByRole('button', { name: en.security.rename }).click();
    await passkeys.getByLabel(en.security.rename_label.replace('{{name}}', 'Test laptop')).fill('Work laptop');
    await passkeys.getByRole('button', { name: en.security.save }).click();
    await expect(passkeys.getByText('Work laptop')).toBeVisible();

    // Removing it after a while asks again; the passkey itself can answer.
    ageSessions();
    await passkeys.getByRole('button', { name: en.security.remove_label.replace('{{name}}', 'Work laptop') }).click();
    const prompt = page.getByRole('region', { name: en.security.reauth_title });
    await prompt.getByRole('button', { name: en.security.reauth_passkey }).click();
    await expect(page.getByText(en.security.no_passkeys)).toBeVisible();
    await signOut(page);

    // The browser still holds the credential, but the site no longer knows it.
    await page.getByRole('button', { name: en.sign_in.passkey }).click();
    await expect(page.getByRole('alert')).toHaveText(en.errors.passkey_failed);
  });

  test('says a reset link cut short is broken, and leads to asking for a new one', async ({ page }) => {
    const whole = randomBytes(32).toString('base64url');
    await page.goto(`/owner/reset?lang=english#${whole.slice(0, 30)}`);
    await expect(page.getByRole('alert')).toHaveText(en.errors.broken_reset_link);
    // Not a form that could only fail with "at least 12 characters".
    await expect(page.getByLabel(en.reset.new_password, { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: en.reset.ask_again }).click();
    await expect(page.getByRole('button', { name: en.sign_in.forgot })).toBeVisible();
  });

  test('asks for a reset link, and a link sets a new password once', async ({ page, allowConsoleErrors }) => {
    // The used link's second try is refused with 400.
    allowConsoleErrors(/status of 400/);
    await page.goto('/owner?lang=english');
    await page.getByRole('button', { name: en.sign_in.forgot }).click();
    await expect(page.getByRole('status')).toHaveText(en.sign_in.forgot_sent);

    // The link itself goes out by e-mail (tested against a real SMTP server in the API tests); here
    // one is planted as the notification would make it.
    const token = randomBytes(32).toString('base64url');
    withDatabase((db) =>
      db
        .prepare('INSERT INTO password_reset_tokens (token_hash, created_at, expires_at) VALUES (?, ?, ?)')
        .run(
          createHash('sha256').update(token).digest('hex'),
          new Date().toISOString(),
          new Date(Date.now() + 30 * 60_000).toISOString(),
        ),
    );
    await page.goto(`/owner/reset?lang=english#${token}`);
    await page.getByLabel(en.reset.new_password, { exact: true }).fill('a password set from a link');
    await page.getByRole('button', { name: en.reset.submit }).click();
    await expect(page.getByRole('status')).toHaveText(en.reset.done);
    await page.getByRole('link', { name: en.reset.to_sign_in }).click();
    await enterPassword(page, 'a password set from a link');
    await inbox(page);
    await signOut(page);

    await page.goto(`/owner/reset?lang=english#${token}`);
    await page.getByLabel(en.reset.new_password, { exact: true }).fill('another password from it');
    await page.getByRole('button', { name: en.reset.submit }).click();
    await expect(page.getByRole('alert')).toHaveText(en.errors.invalid_reset_link);
  });
});
