import path from 'node:path';
import type { Locator } from '@playwright/test';
import Database from 'better-sqlite3';
import { BROWSER_USER_AGENT } from '../scripts/built-site.js';
import { addDays, dayOf } from '../src/shared/days.js';
import { expect, test } from './fixtures.js';
import { forgetOwnerPassword, ownerPasswordIsSet, ownerTexts, setOwnerPassword, signIn } from './owner-support.js';
import { E2E_DATA_DIR } from './support.js';

const en = ownerTexts.english;
const FORGED_PATH = '/\n\nSecure your account: https://evil.example/login';
/** Names a plain object answers with Object.prototype's properties. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
/** A day no other test looks at (beyond 12 months), for visits stored as they were written. */
const OLD_DAY = addDays(dayOf(new Date()), -1000);

/** The rows' first cells (the values) of a breakdown table. */
async function values(table: Locator): Promise<string[]> {
  return table.locator('tbody th').allInnerTexts();
}

/**
 * A day's aggregates stored before the statistics kept only the site's own values: the dashboard
 * shows any stored text as text, and never breaks on it. Aggregates, not raw visits, so the day
 * reads the same whether or not the server's housekeeping has rolled days up yet.
 */
function storeOldDay(): void {
  const db = new Database(path.join(E2E_DATA_DIR, 'sahifa.sqlite'), { fileMustExist: true });
  try {
    db.prepare(
      'INSERT INTO visit_days (day, visitors, visits, new_visitors) VALUES (?, 1, ?, 0) ON CONFLICT DO NOTHING',
    ).run(OLD_DAY, PROTOTYPE_NAMES.length);
    const breakdown = db.prepare(
      'INSERT INTO visit_day_breakdowns (day, dimension, value, visits) VALUES (?, ?, ?, 1) ON CONFLICT DO NOTHING',
    );
    for (const name of PROTOTYPE_NAMES) {
      breakdown.run(OLD_DAY, 'pages', `/${name}`);
      breakdown.run(OLD_DAY, 'referrers', name);
      // A breakdown with translated names (languages) looks the value up too.
      breakdown.run(OLD_DAY, 'languages', name);
      breakdown.run(OLD_DAY, 'sources', name);
    }
  } finally {
    db.close();
  }
}

test.describe.configure({ mode: 'serial' });

test.describe('the statistics dashboard with hostile input', () => {
  let setHere = false;

  test.beforeAll(async ({ request }) => {
    storeOldDay();
    // Anonymous visits through the real API, as anyone could send them.
    const hostile: Record<string, string>[] = [
      { path: FORGED_PATH, referrer: 'http://__proto__/' },
      { path: '/constructor', referrer: 'http://constructor/' },
      { path: '/__proto__', referrer: 'https://evil.example/' },
      // A campaign with a right-to-left override, a bell and a NUL: stored without them.
      { path: '/', source: '\u202Etele\u0007gram\u202C\u0000', campaign: `${'x'.repeat(150)}\u2066` },
    ];
    for (const query of hostile) {
      const response = await request.get(`/api/v1/visitor/create/web?${new URLSearchParams(query)}`, {
        headers: { 'user-agent': BROWSER_USER_AGENT },
      });
      expect(response.status()).toBe(200);
    }
    if (!ownerPasswordIsSet()) {
      setOwnerPassword();
      setHere = true;
    }
  });
  test.afterAll(() => {
    if (setHere) forgetOwnerPassword();
  });

  test.beforeEach(async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 401/);
    await signIn(page, 'english');
  });

  test("today's breakdowns count what visitors sent as the site's own pages or other", async ({ page }) => {
    const today = dayOf(new Date());
    const answer = await page.request.get(`/api/v1/owner/stats?from=${today}&to=${today}`);
    expect(answer.status()).toBe(200);
    const stats = (await answer.json()).data;
    expect(JSON.stringify(stats)).not.toMatch(/evil\.example\/login|Secure your account|__proto__/);

    await page.goto(`/owner/stats?range=custom&from=${today}&to=${today}`);
    const pages = page.getByRole('table', { name: en.stats.breakdowns.pages.title });
    await expect(pages).toBeVisible();
    expect(await values(pages)).toContain(en.stats.values.other);
    expect((await values(pages)).join('\n')).not.toMatch(/Secure your account|constructor|__proto__/);
    const sources = page.getByRole('table', { name: en.stats.breakdowns.referrers.title });
    expect(await values(sources)).toEqual(expect.arrayContaining([en.stats.values.other, 'constructor']));

    const campaigns = page.getByRole('region', { name: en.stats.campaigns.title });
    expect(await values(campaigns.getByRole('table'))).toContain('tele gram');
    await campaigns.getByRole('button', { name: en.stats.campaigns.campaigns.title, exact: true }).click();
    expect(await values(campaigns.getByRole('table'))).toContain('x'.repeat(100));
    // No control or direction character reaches the owner, in any campaign value.
    const sent = [...stats.sources, ...stats.mediums, ...stats.campaigns].map(
      (row: { value: string | null }) => row.value,
    );
    expect(sent.filter((value: string | null) => value !== null && /[\p{Cc}\p{Cf}]/u.test(value))).toEqual([]);
  });

  test('stored values named like Object.prototype properties are shown as text, and the dashboard keeps working', async ({
    page,
  }) => {
    const answer = await page.request.get(`/api/v1/owner/stats?from=${OLD_DAY}&to=${OLD_DAY}`);
    expect(answer.status()).toBe(200);

    await page.goto(`/owner/stats?range=custom&from=${OLD_DAY}&to=${OLD_DAY}`);
    const sources = page.getByRole('table', { name: en.stats.breakdowns.referrers.title });
    await expect(sources).toBeVisible();
    expect((await values(sources)).sort()).toEqual([...PROTOTYPE_NAMES].sort());
    const pages = page.getByRole('table', { name: en.stats.breakdowns.pages.title });
    expect((await values(pages)).sort()).toEqual(PROTOTYPE_NAMES.map((name) => `/${name}`).sort());
    const languages = page.getByRole('table', { name: en.stats.breakdowns.languages.title });
    expect((await values(languages)).sort()).toEqual([...PROTOTYPE_NAMES].sort());
    const campaigns = page.getByRole('region', { name: en.stats.campaigns.title }).getByRole('table');
    expect((await values(campaigns)).sort()).toEqual([...PROTOTYPE_NAMES].sort());

    // Another period still opens after it.
    await page
      .getByRole('group', { name: en.stats.range.label })
      .getByRole('button', { name: en.stats.range['7d'] })
      .click();
    await expect(page).toHaveURL(/range=7d/);
    await expect(page.getByRole('table', { name: en.stats.breakdowns.pages.title })).toBeVisible();
  });
});
