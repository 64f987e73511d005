import { chooseLanguage, expect, holdRequests, open, test } from './fixtures.js';
import { translations } from './support.js';

const { lotin, russian, english } = translations;

async function fill(
  page: import('@playwright/test').Page,
  values: { name: string; email: string; message: string },
  locale = lotin,
) {
  await page.getByLabel(locale.contact.contact_form.name).fill(values.name);
  await page.getByLabel(locale.contact.contact_form.email).fill(values.email);
  await page.getByLabel(locale.contact.contact_form.message).fill(values.message);
}

const message = {
  name: 'Malika Yusupova',
  email: 'malika@example.uz',
  message: 'Assalomu alaykum! Yangi loyiha haqida gaplashsak.',
};

test.describe('contact form (spec §3, §4, §8)', () => {
  test('goes default → sending → success and stores the message', async ({ page }) => {
    await open(page, '/contact');
    const status = page.locator('form').getByRole('status');
    await expect(status).toHaveText(lotin.contact.contact_form.status.default);
    const release = await holdRequests(page, '**/api/v1/contact');
    await fill(page, message);
    await page.getByRole('button', { name: lotin.contact.contact_form.send }).click();
    await expect(status).toHaveText('Yuborilmoqda...');
    await expect(page.getByRole('button', { name: 'Yuborilmoqda...' })).toBeDisabled();
    release();
    await expect(status).toHaveText("Yuborildi :) Tez orada siz bilan bo'glanishadi!");
    await expect(page.getByLabel(lotin.contact.contact_form.message)).toHaveValue('');
  });

  test('cannot send twice at once', async ({ page }) => {
    await open(page, '/contact');
    let posts = 0;
    await page.route('**/api/v1/contact', async (route) => {
      posts++;
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await fill(page, message);
    const send = page.getByRole('button', { name: lotin.contact.contact_form.send });
    await send.click();
    await page.getByLabel(lotin.contact.contact_form.message).press('Control+Enter');
    await page.locator('form').evaluate((form: HTMLFormElement) => form.requestSubmit());
    await expect(page.locator('form').getByRole('status')).toHaveText(lotin.contact.contact_form.status.success);
    expect(posts).toBe(1);
  });

  test('a failed send keeps everything typed and says why, in the visitor language', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|\/api\/v1\/contact/);
    await open(page, '/contact');
    await chooseLanguage(page, 'russian');
    await page.route('**/api/v1/contact', (route) => route.abort('internetdisconnected'));
    await fill(page, message, russian);
    await page.getByRole('button', { name: russian.contact.contact_form.send }).click();
    await expect(page.getByRole('alert')).toHaveText(russian.contact.contact_form.errors.network);
    await expect(page.getByLabel(russian.contact.contact_form.name)).toHaveValue(message.name);
    await expect(page.getByLabel(russian.contact.contact_form.email)).toHaveValue(message.email);
    await expect(page.getByLabel(russian.contact.contact_form.message)).toHaveValue(message.message);

    // Sent again once the connection is back.
    await page.unroute('**/api/v1/contact');
    await page.getByRole('button', { name: russian.contact.contact_form.send }).click();
    await expect(page.locator('form').getByRole('status')).toHaveText(russian.contact.contact_form.status.success);
  });

  test('too many messages: a localized rate-limit message and nothing lost', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 429/);
    await open(page, '/contact');
    await page.route('**/api/v1/contact', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '600' },
        json: { success: false, code: 'rate_limited', message: 'Too many requests' },
      }),
    );
    await fill(page, message);
    await page.getByRole('button', { name: lotin.contact.contact_form.send }).click();
    await expect(page.getByRole('alert')).toHaveText(lotin.contact.contact_form.errors.rate_limited);
    await expect(page.getByLabel(lotin.contact.contact_form.message)).toHaveValue(message.message);
  });

  test('checks fields with the shared schema and localized messages before sending', async ({ page }) => {
    await open(page, '/contact');
    await chooseLanguage(page, 'english');
    let posts = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/contact')) posts++;
    });
    await fill(page, { name: '   ', email: 'not-an-email', message: 'short' }, english);
    await page.getByRole('button', { name: english.contact.contact_form.send }).click();
    const name = page.getByLabel(english.contact.contact_form.name);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();
    await expect(page.getByText(english.contact.contact_form.errors.required)).toBeVisible();
    await expect(page.getByText(english.contact.contact_form.errors.invalid_email)).toBeVisible();
    await expect(page.getByText('Please write at least 10 characters.')).toBeVisible();
    expect(posts).toBe(0);
  });

  test('shows the server per-field answers next to their fields', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 400/);
    await open(page, '/contact');
    await page.route('**/api/v1/contact', (route) =>
      route.fulfill({
        status: 400,
        json: {
          success: false,
          code: 'validation_failed',
          message: 'Some fields are not valid',
          errors: [{ field: 'email', code: 'invalid_email' }],
        },
      }),
    );
    await fill(page, message);
    await page.getByRole('button', { name: lotin.contact.contact_form.send }).click();
    const email = page.getByLabel(lotin.contact.contact_form.email);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(lotin.contact.contact_form.errors.invalid_email);
    await expect(page.getByLabel(lotin.contact.contact_form.name)).toHaveValue(message.name);
  });

  test('the spam trap field is invisible to people and to screen readers', async ({ page }) => {
    await open(page, '/contact');
    await expect(page.locator('form').getByRole('textbox')).toHaveCount(3);
    await expect(page.locator('input[name="website"]')).not.toBeInViewport();
    await page.getByLabel(lotin.contact.contact_form.message).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: lotin.contact.contact_form.send })).toBeFocused();
  });
});
