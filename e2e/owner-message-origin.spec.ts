import { BROWSER_USER_AGENT } from '../scripts/built-site.js';
import { expectCleanAtPhoneAndDesktop } from './axe.js';
import { budget, expect, readSetting, test } from './fixtures.js';
import { forgetOwnerPassword, ownerPasswordIsSet, ownerTexts, setOwnerPassword, signIn } from './owner-support.js';
import { translations } from './support.js';

const en = ownerTexts.english;
const site = translations.lotin.contact.contact_form;

// One owner, one password: these tests run in order on the shared server.
test.describe.configure({ mode: 'serial' });

test.describe("the inbox's 'How they found you'", () => {
  let setHere = false;
  test.beforeAll(() => {
    if (!ownerPasswordIsSet()) {
      setOwnerPassword();
      setHere = true;
    }
  });
  test.afterAll(() => {
    if (setHere) forgetOwnerPassword();
  });

  test("shows the writer's landing page, referrer, campaign and pages read; nothing for an uncounted writer", async ({
    page,
    browser,
    baseURL,
    allowConsoleErrors,
  }) => {
    test.setTimeout(budget({ pages: 8, scans: 4 }));
    allowConsoleErrors(/status of 401/);
    // A reader follows the owner's tagged link from X, reads the contact page and writes, in a
    // browser of their own: the contact form sends the visitor key the statistics gave it.
    const reader = await browser.newContext({ baseURL, userAgent: BROWSER_USER_AGENT });
    const readerPage = await reader.newPage();
    const created = readerPage.waitForResponse((response) => response.url().includes('/api/v1/visitor/create/web'));
    await readerPage.goto('/?utm_source=e2e-origin&utm_medium=social&utm_campaign=inbox%20test', {
      referer: 'https://t.co/abc',
    });
    await created;
    // The key is stored a moment after the answer; a page left before that starts a new visitor.
    await expect.poll(() => readSetting(readerPage, 'visitorKey')).toBeTruthy();
    const visited = readerPage.waitForResponse((response) => response.url().endsWith('/api/v1/visitor/visit/web'));
    await readerPage.goto('/contact');
    await visited;
    const sent = { name: 'Origin Reader', email: 'origin-reader@example.uz', message: 'Salom! Havola orqali keldim.' };
    await readerPage.getByLabel(site.name).fill(sent.name);
    await readerPage.getByLabel(site.email).fill(sent.email);
    await readerPage.getByLabel(site.message).fill(sent.message);
    // A form sent faster than a person types is filed as spam.
    await readerPage.waitForTimeout(3_200);
    const contact = readerPage.waitForRequest((request) => request.url().endsWith('/api/v1/contact'));
    await readerPage.getByRole('button', { name: site.send }).click();
    expect((await contact).headers()['x-visitor-key']).toMatch(/^[\w-]{43}$/);
    await expect(readerPage.locator('form').getByRole('status')).not.toHaveText(site.status.default);
    await reader.close();
    // A script without the visitor key: not counted.
    const script = await page.request.post('/api/v1/contact', {
      data: { name: 'Uncounted Writer', email: 'uncounted@example.uz', message: 'No key here.', filled_in_ms: 40_000 },
    });
    expect(script.status()).toBe(201);

    await signIn(page, 'english');
    await page.getByRole('listitem').filter({ hasText: sent.name }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: sent.name })).toBeVisible();
    const origin = page.getByRole('region', { name: en.message.origin.title });
    const fact = (name: string) => origin.locator('dt', { hasText: name }).locator('xpath=following-sibling::dd[1]');
    await expect(fact(en.message.origin.landing_page)).toHaveText('/');
    await expect(fact(en.message.origin.referrer)).toHaveText('X');
    await expect(fact(en.message.origin.campaign)).toHaveText('e2e-origin · social · inbox test');
    await expect(fact(en.message.origin.device)).toHaveText(en.stats.values.devices.web);
    await expect(origin.getByRole('list', { name: en.message.origin.pages_read }).getByRole('listitem')).toHaveText([
      '/',
      '/contact',
    ]);
    await expectCleanAtPhoneAndDesktop(page, "a message's How they found you");

    await page.getByRole('link', { name: en.actions.back }).click();
    await page.getByRole('listitem').filter({ hasText: 'Uncounted Writer' }).getByRole('link').click();
    await expect(page.getByRole('region', { name: en.message.origin.title })).toContainText(
      en.message.origin.not_known,
    );
    await expectCleanAtPhoneAndDesktop(page, 'a message whose writer was not counted');
  });
});
