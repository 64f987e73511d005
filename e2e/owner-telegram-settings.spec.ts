import type { BuiltSite } from '../scripts/built-site.js';
import { FAKE_BOT, type FakeBotApi, startFakeBotApi, TELEGRAM_TOKEN } from '../src/server/test/telegram.js';
import { expectCleanAtPhoneAndDesktop } from './axe.js';
import { budget, expect, test } from './fixtures.js';
import { OWNER_PASSWORD, ownerTexts, startOwnedSite } from './owner-support.js';

const en = ownerTexts.english;
const texts = en.telegram_settings;
const OWNER_CHAT = { id: 5_550_001, type: 'private', first_name: 'Dilnoza', last_name: 'Karimova' } as const;

/**
 * Telegram connected in the browser, end to end. No Telegram is reachable from these machines: the
 * site of this file talks to src/server/test/telegram.ts, a local server that answers getMe,
 * getUpdates and sendMessage as the Bot API documents them; "pressing Start" is that server
 * receiving `/start <code>` from the owner's chat, as Telegram would.
 */
test.describe('Telegram connected in Settings', () => {
  let site: BuiltSite | undefined;
  let bot: FakeBotApi | undefined;

  test.beforeAll(async () => {
    bot = await startFakeBotApi();
    site = await startOwnedSite({ TELEGRAM_API_URL: bot.url, TELEGRAM_BOT_TOKEN: '', TELEGRAM_CHAT_ID: '' });
  });
  test.afterAll(async () => {
    site?.stop();
    await bot?.close();
  });
  // Before signing in the owner area asks for the session (401); a malformed token is refused (400).
  test.beforeEach(({ allowConsoleErrors }) => allowConsoleErrors(/status of 40[01]/));

  test('the owner pastes the token, presses Start on the link, and receives a test message', async ({ page }) => {
    test.setTimeout(budget({ pages: 4, scans: 8 }));
    const fake = bot as FakeBotApi;
    await page.goto(`${site?.url}/owner?lang=english`);
    await page.getByLabel(en.sign_in.password, { exact: true }).fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: en.sign_in.submit }).click();
    await page.getByRole('link', { name: en.nav.settings }).click();
    const card = page.getByRole('region', { name: texts.title });
    await expect(card.getByRole('link', { name: '@BotFather' })).toHaveAttribute('href', 'https://t.me/BotFather');
    const token = card.getByLabel(texts.token, { exact: true });

    // What is not a token, and a token Telegram does not know, are named; the typed text stays.
    await token.fill('hello');
    await token.press('Enter');
    await expect(token).toHaveAccessibleDescription(new RegExp(texts.token_invalid.slice(0, 30)));
    await token.fill('123456789:AAE-a-token-telegram-does-not-know');
    await card.getByRole('button', { name: texts.connect }).click();
    await expect(card.getByText(texts.problems.token_refused)).toBeVisible();
    await expect(token).toHaveValue('123456789:AAE-a-token-telegram-does-not-know');

    await token.fill(TELEGRAM_TOKEN);
    await card.getByRole('button', { name: texts.connect }).click();
    await expect(card.getByText(texts.bot_saved.replace('{{bot}}', `@${FAKE_BOT.username}`))).toBeVisible();
    const link = card.getByRole('link', { name: new RegExp(`^t\\.me/${FAKE_BOT.username}\\?start=`) });
    const address = (await link.getAttribute('href')) ?? '';
    expect(address).toMatch(new RegExp(`^https://t\\.me/${FAKE_BOT.username}\\?start=[\\w-]{22}$`));
    await expect(card.getByRole('img', { name: texts.qr_label })).toBeVisible();
    await expect(card.getByRole('status').filter({ hasText: texts.waiting })).toBeVisible();
    expect(await page.content()).not.toContain(TELEGRAM_TOKEN);
    await expectCleanAtPhoneAndDesktop(page, 'Telegram in Settings, waiting for Start');

    // The owner presses Start in Telegram: the page turns by itself, and the bot says so in the chat.
    fake.receive(OWNER_CHAT, `/start ${new URL(address).searchParams.get('start')}`);
    const connected = texts.connected
      .replace('{{chat}}', 'Dilnoza Karimova')
      .replace('{{bot}}', `@${FAKE_BOT.username}`);
    await expect(card.getByText(connected)).toBeVisible({ timeout: 15_000 });
    // In the owner's language: the owner area's, English here.
    expect(fake.calls).toEqual([{ chat_id: String(OWNER_CHAT.id), text: expect.stringMatching(/^Connected\./) }]);

    await card.getByRole('button', { name: texts.send_test }).click();
    const delivered = texts.test_sent.split('{{time}}')[0] ?? '';
    await expect(card.getByRole('status').filter({ hasText: delivered })).toBeVisible({ timeout: 20_000 });
    // The time in the owner area's words (English here: 4:57 PM), not the browser's own with seconds.
    await expect(card.getByRole('status').filter({ hasText: delivered })).toHaveText(/ \d{1,2}:\d{2} [AP]M\./);
    expect(fake.calls.at(-1)?.chat_id).toBe(String(OWNER_CHAT.id));
    // The channel list above says where notifications go.
    await expect(page.getByText(en.settings.configured.replace('{{target}}', 'Dilnoza Karimova'))).toBeVisible();
    await expectCleanAtPhoneAndDesktop(page, 'Telegram in Settings, connected');

    await page.reload();
    await expect(card.getByText(connected)).toBeVisible();
    await card.getByRole('button', { name: texts.disconnect }).click();
    await expect(card.getByLabel(texts.token, { exact: true })).toBeVisible();
  });
});
