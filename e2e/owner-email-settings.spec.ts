import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { BuiltSite } from '../scripts/built-site.js';
import { expectCleanAtPhoneAndDesktop } from './axe.js';
import { budget, expect, test } from './fixtures.js';
import { OWNER_PASSWORD, ownerTexts, startOwnedSite } from './owner-support.js';

const en = ownerTexts.english;
const texts = en.email_settings;

/**
 * E-mail set up in the browser. The suite's servers have e-mail from the environment (shown
 * read-only), so this file starts a site of its own without it, and a real SMTP relay on this
 * machine that needs a login and keeps what it receives.
 */
test.describe('e-mail set up in Settings', () => {
  let site: BuiltSite | undefined;
  let origin = '';
  let relay: SMTPServer | undefined;
  let relayPort = 0;
  const received: string[] = [];

  test.beforeAll(async () => {
    relay = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'relay-user' && auth.password === 'relay-password') return callback(null, { user: 'r' });
        return callback(new Error('Invalid username or password'));
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    const listening = relay;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    relayPort = (listening.server.address() as AddressInfo).port;

    // Without the suite's e-mail from the environment (an empty variable is an unset one).
    site = await startOwnedSite({ SMTP_URL: '', MAIL_FROM: '', MAIL_TO: '' });
    origin = site.url;
  });

  test.afterAll(async () => {
    site?.stop();
    await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
  });

  test.beforeEach(({ allowConsoleErrors }) => allowConsoleErrors(/status of 401/));

  test('the owner fills the form, checks the login, saves, and receives a test e-mail', async ({ page }) => {
    test.setTimeout(budget({ pages: 4, scans: 4 }));
    await page.goto(`${origin}/owner?lang=english`);
    await page.getByLabel(en.sign_in.password, { exact: true }).fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: en.sign_in.submit }).click();
    await page.getByRole('link', { name: en.nav.settings }).click();
    const card = page.getByRole('region', { name: texts.title });
    await expect(card).toBeVisible();

    await card.getByLabel(texts.host, { exact: true }).fill('127.0.0.1');
    // The keyboard reaches the security choice; "none" says its warning plainly.
    await card.getByRole('radio', { name: texts.security_none }).check();
    await expect(card.getByText(texts.none_warning)).toBeVisible();
    await expect(card.getByLabel(texts.port, { exact: true })).toHaveValue('25');
    await card.getByLabel(texts.port, { exact: true }).fill(String(relayPort));
    await card.getByLabel(texts.user, { exact: true }).fill('relay-user');
    await card.getByLabel(texts.password, { exact: true }).fill('a-wrong-password');
    await card.getByLabel(texts.from, { exact: true }).fill('site@example.uz');
    await card.getByLabel(texts.to, { exact: true }).fill('owner@example.uz');

    // A refused login is named, and nothing the owner typed is lost.
    await card.getByRole('button', { name: texts.verify }).click();
    await expect(card.getByRole('status').filter({ hasText: texts.problems.login_refused })).toBeVisible();
    await expect(card.getByLabel(texts.host, { exact: true })).toHaveValue('127.0.0.1');
    await expect(card.getByLabel(texts.password, { exact: true })).toHaveValue('a-wrong-password');

    await card.getByLabel(texts.password, { exact: true }).fill('relay-password');
    await card.getByRole('button', { name: texts.verify }).click();
    await expect(card.getByRole('status').filter({ hasText: texts.verify_ok })).toBeVisible();
    expect(received).toHaveLength(0);

    await card.getByRole('button', { name: texts.save }).click();
    await expect(card.getByRole('status').filter({ hasText: texts.saved })).toBeVisible();
    // Write-only: the password is not sent back, only that one is kept.
    await expect(card.getByLabel(texts.password, { exact: true })).toHaveValue('');
    await expect(card.getByLabel(texts.password, { exact: true })).toHaveAccessibleDescription(texts.password_set);
    expect(await page.content()).not.toContain('relay-password');

    await card.getByRole('button', { name: texts.send_test }).click();
    const delivered = texts.test_sent.split('{{time}}')[0] ?? '';
    await expect(card.getByRole('status').filter({ hasText: delivered })).toBeVisible({ timeout: 20_000 });
    // The time in the owner area's words (English here: 4:57 PM), not the browser's own with seconds.
    await expect(card.getByRole('status').filter({ hasText: delivered })).toHaveText(/ \d{1,2}:\d{2} [AP]M\./);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('To: owner@example.uz');

    await expectCleanAtPhoneAndDesktop(page, 'e-mail in Settings');
  });
});
