import type { Locator, Response } from '@playwright/test';
import { BROWSER_USER_AGENT } from '../scripts/built-site.js';
import { dayOf } from '../src/shared/days.js';
import { GOAL_BEACON_PATH } from '../src/shared/goals.js';
import { expectCleanAtPhoneAndDesktop } from './axe.js';
import { budget, expect, test } from './fixtures.js';
import { ownerTexts, signIn, useOwnerPassword } from './owner-support.js';
import { first, ownerContent } from './support.js';

const en = ownerTexts.english;

/** The number after a label inside a goal's tile ("Visitors 3" → 3). */
async function countIn(tile: Locator, label: string): Promise<number> {
  const text = (await tile.textContent()) ?? '';
  return Number(new RegExp(`${label}\\s*([\\d,]+)`).exec(text)?.[1]?.replace(/,/g, '') ?? Number.NaN);
}

test.describe.configure({ mode: 'serial' });

test.describe('goals', () => {
  useOwnerPassword();

  test('a click on a social link sends a beacon that the dashboard counts, with its page; the card is clean', async ({
    page,
    browser,
    baseURL,
    allowConsoleErrors,
  }) => {
    test.setTimeout(budget({ pages: 6, scans: 4 }));
    allowConsoleErrors(/status of 401/);
    const social = first(ownerContent('footer').social_links, 'a social link').url;

    // A reader in a browser of their own (the owner is not counted); the outside world is offline.
    const reader = await browser.newContext({ baseURL, userAgent: BROWSER_USER_AGENT });
    await reader.route(
      (url) => url.origin !== new URL(baseURL as string).origin,
      (route) => route.abort(),
    );
    const readerPage = await reader.newPage();
    const created = readerPage.waitForResponse((response) => response.url().includes('/api/v1/visitor/create/'));
    await readerPage.goto('/about');
    await created;
    // The key is set for requests once the create call's answer has been read, a moment after it
    // arrives (longer on a busy machine); a click before that counts nothing, so it is clicked again.
    let answer: Response | undefined;
    await expect(async () => {
      const beacon = readerPage.waitForResponse((response) => response.url().endsWith(GOAL_BEACON_PATH), {
        timeout: 2000,
      });
      await readerPage.locator(`footer a[href="${social}"]`).click();
      answer = await beacon;
    }).toPass({ timeout: 20_000 });
    if (!answer) throw new Error('no beacon');
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ data: { recorded: true } });
    expect(JSON.parse(answer.request().postData() ?? '{}')).toMatchObject({ link: social, page: '/about' });
    // A second click in the same visit sends nothing more.
    let again = 0;
    readerPage.on('request', (request) => {
      if (request.url().endsWith(GOAL_BEACON_PATH)) again += 1;
    });
    await readerPage.locator(`footer a[href="${social}"]`).click();
    await readerPage.waitForTimeout(300);
    expect(again).toBe(0);
    await reader.close();

    await signIn(page, 'english');
    const today = dayOf(new Date());
    await page.goto(`/owner/stats?range=custom&from=${today}&to=${today}`);
    const card = page.getByRole('region', { name: en.stats.goals.title });
    const tile = card.getByRole('button', { name: new RegExp(en.stats.goals.names.outbound) });
    await expect(tile).toBeVisible();
    expect(await countIn(tile, en.stats.goals.visitors)).toBeGreaterThanOrEqual(1);
    await tile.click();
    await expect(tile).toHaveAttribute('aria-pressed', 'true');
    const links = card.getByRole('table', { name: en.stats.goals.links });
    await expect(links.getByRole('rowheader', { name: social.replace(/^https?:\/\//, ''), exact: true })).toBeVisible();
    const pages = card.getByRole('table', { name: en.stats.goals.pages });
    await expect(pages.getByRole('rowheader', { name: '/about', exact: true })).toBeVisible();
    await expectCleanAtPhoneAndDesktop(page, 'the dashboard with its goals card');
  });
});
