import type { BrowserContext, Page } from '@playwright/test';
import { BROWSER_USER_AGENT } from '../scripts/built-site.js';
import { expectCleanAtPhoneAndDesktop } from './axe.js';
import { budget, expect, test } from './fixtures.js';
import { forgetOwnerPassword, ownerPasswordIsSet, ownerTexts, setOwnerPassword, signIn } from './owner-support.js';
import { seedStatsTrafficOnce, statsTraffic } from './stats-traffic.js';

const en = ownerTexts.english;
const traffic = statsTraffic(new Date());
const { period, expected } = traffic;
const CARD = 'section[aria-labelledby="owner-shares-title"]';

/** The owner's Settings, at the Shared links card. */
async function openCard(page: Page) {
  await signIn(page, 'english');
  await page.getByRole('link', { name: en.nav.settings }).click();
  await expect(page.getByRole('heading', { level: 2, name: en.shares.title })).toBeVisible();
}

/** Makes a link through the card and answers its address, shown once. */
async function makeLink(page: Page, name: string, password?: string): Promise<string> {
  const card = page.locator(CARD);
  await card.getByLabel(en.shares.name_label, { exact: true }).fill(name);
  await card.getByLabel(en.shares.expiry_label).selectOption('7');
  if (password) await card.getByLabel(en.shares.password_label).fill(password);
  await card.getByRole('button', { name: en.shares.create }).click();
  const link = card.getByLabel(en.shares.link_label);
  await expect(link).toHaveValue(/\/shared\/[A-Za-z0-9_-]{43}$/);
  await expect(card.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  return link.inputValue();
}

/** A browser of someone else's: no owner cookie; every API call it makes is noted. */
async function viewer(browser: import('@playwright/test').Browser, baseURL: string | undefined) {
  const context: BrowserContext = await browser.newContext({ baseURL, userAgent: BROWSER_USER_AGENT });
  const calls: string[] = [];
  context.on('request', (request) => {
    if (request.url().includes('/api/')) calls.push(new URL(request.url()).pathname);
  });
  return { context, page: await context.newPage(), calls };
}

const periodQuery = `lang=english&range=custom&from=${period.from}&to=${period.to}`;

test.describe.configure({ mode: 'serial' });

test.describe('a shared link to the statistics', () => {
  let setHere = false;
  test.beforeAll(async () => {
    await seedStatsTrafficOnce(traffic.visits);
    if (!ownerPasswordIsSet()) {
      setOwnerPassword();
      setHere = true;
    }
  });
  test.afterAll(() => {
    if (setHere) forgetOwnerPassword();
  });
  test.beforeEach(({ allowConsoleErrors }) => {
    // Before signing in, the owner area asks for the session; a link that no longer works answers 404.
    allowConsoleErrors(/status of (401|404)/);
  });

  test('shows the figures to someone without a sign-in, nothing of the owner’s, and stops once revoked', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(budget({ pages: 8, scans: 8 }));
    await openCard(page);
    const url = await makeLink(page, 'For the recruiter');
    await expectCleanAtPhoneAndDesktop(page, 'the shared links card', { include: CARD });

    const reader = await viewer(browser, baseURL);
    const response = await reader.page.goto(`${url}?${periodQuery}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toContain('noindex');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(reader.page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(reader.page.getByRole('heading', { level: 1, name: en.stats.title })).toBeVisible();
    const visitors = reader.page
      .getByRole('region', { name: en.stats.summary })
      .getByRole('listitem')
      .filter({ has: reader.page.getByText(en.stats.figures.visitors, { exact: true }) });
    await expect(visitors.locator('strong')).toHaveText(String(expected.figures.visitors));
    await expect(reader.page.getByRole('table', { name: en.stats.breakdowns.pages.title })).toBeVisible();
    // Nothing of the owner's area: no navigation, no inbox or settings, no switch of the owner's own.
    await expect(reader.page.locator('a[href^="/owner"]')).toHaveCount(0);
    await expect(reader.page.getByRole('link', { name: en.nav.inbox })).toHaveCount(0);
    await expect(reader.page.getByRole('link', { name: en.nav.settings })).toHaveCount(0);
    await expect(reader.page.getByText(en.stats.this_browser.label)).toHaveCount(0);
    expect(reader.calls.filter((path) => path.includes('/owner'))).toEqual([]);
    // Reading the figures is no visit to the site.
    expect(reader.calls.filter((path) => path.includes('/visitor/'))).toEqual([]);
    await expectCleanAtPhoneAndDesktop(reader.page, 'the shared statistics');

    // The owner's list says it was opened; the owner revokes it.
    await page.reload();
    const row = page.locator(CARD).getByRole('listitem').filter({ hasText: 'For the recruiter' });
    await expect(row).not.toContainText(en.shares.never_viewed);
    await row.getByRole('button', { name: en.shares.revoke }).click();
    await page.getByRole('dialog').getByRole('button', { name: en.shares.revoke }).click();
    await expect(row).toHaveCount(0);

    const gone = await reader.page.goto(`${url}?lang=english`);
    expect(gone?.status()).toBe(404);
    await expect(reader.page.getByRole('heading', { level: 1, name: en.shared.gone_title })).toBeVisible();
    await expect(reader.page.getByText(en.stats.figures.visitors)).toHaveCount(0);
    await expectCleanAtPhoneAndDesktop(reader.page, 'a shared link that does not work');
    await reader.context.close();
  });

  test('asks for the link’s password, says when it is wrong, and shows the figures with the right one', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(budget({ pages: 6, scans: 4 }));
    await openCard(page);
    const url = await makeLink(page, 'With a password', 'kuzgi hisobot');
    const reader = await viewer(browser, baseURL);
    await reader.page.goto(`${url}?${periodQuery}`);
    const password = reader.page.getByLabel(en.shared.password_label, { exact: true });
    await expect(reader.page.getByRole('heading', { level: 1, name: en.shared.password_title })).toBeVisible();
    await expectCleanAtPhoneAndDesktop(reader.page, 'a shared link’s password');
    await password.fill('not the password');
    await reader.page.getByRole('button', { name: en.shared.open }).click();
    await expect(reader.page.getByRole('alert')).toHaveText(en.errors.wrong_password);
    await password.fill('kuzgi hisobot');
    await reader.page.getByRole('button', { name: en.shared.open }).click();
    await expect(reader.page.getByRole('heading', { level: 1, name: en.stats.title })).toBeVisible();
    await expect(
      reader.page
        .getByRole('region', { name: en.stats.summary })
        .getByRole('listitem')
        .filter({ has: reader.page.getByText(en.stats.figures.visitors, { exact: true }) })
        .locator('strong'),
    ).toHaveText(String(expected.figures.visitors));
    await reader.context.close();
  });
});
