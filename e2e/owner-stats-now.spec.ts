import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { parse } from 'yaml';
import { BROWSER_USER_AGENT } from '../scripts/built-site.js';
import { dayOf } from '../src/shared/days.js';
import { expectCleanAtPhoneAndDesktop } from './axe.js';
import { budget, expect, test } from './fixtures.js';
import { ownerTexts, signIn, useOwnerPassword } from './owner-support.js';

const en = ownerTexts.english;
/** The dashboard asks again this often (`STATS_NOW_REFRESH_MS`). */
const REFRESH_MS = 30_000;
const NOTE = 'contrast-is-a-test';
const noteTitle = (
  parse(/^---\n([\s\S]*?)\n---\n/.exec(readFileSync(`content/notes/${NOTE}/english.md`, 'utf8'))?.[1] ?? '') as {
    title: string;
  }
).title;

/** A page's row in the Now card: its visitors, 0 when it has no row. */
async function visitorsOn(table: Locator, path: string): Promise<number> {
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')));
  const row = rows.find(([name]) => name?.includes(path));
  return row ? Number(row[1]?.replace(/\D/g, '')) : 0;
}

test.describe.configure({ mode: 'serial' });

test.describe('the dashboard’s Now card and export', () => {
  useOwnerPassword();
  test.beforeEach(({ allowConsoleErrors }) => {
    allowConsoleErrors(/status of 401/);
  });

  test('shows a visit made moments ago on its page, and asks again by itself', async ({ page, browser, baseURL }) => {
    test.setTimeout(budget({ pages: 5, scans: 4 }));
    // The page's clock: the 30-second interval is run forward instead of waited for.
    await page.clock.install();
    await signIn(page, 'english');
    await page.goto('/owner/stats?lang=english');
    const card = page.getByRole('region', { name: en.stats.live.title });
    const live = card.locator('[aria-live="polite"]');
    await expect(live).toHaveText(new RegExp(`^\\d+${en.stats.now_hint}$`));
    const before = Number((await live.locator('strong').textContent())?.replace(/\D/g, ''));
    const table = card.getByRole('table', { name: en.stats.live.pages });

    // Someone opens a note in a browser of their own (the signed-in owner is never counted).
    const reader = await browser.newContext({ baseURL, userAgent: BROWSER_USER_AGENT });
    const readerPage = await reader.newPage();
    const created = readerPage.waitForResponse((response) => response.url().includes('/api/v1/visitor/create/web'));
    await readerPage.goto(`/notes/${NOTE}`);
    expect((await created).ok()).toBe(true);
    await reader.close();

    // Nothing asked yet: the card still shows what it had.
    await expect(live.locator('strong')).toHaveText(String(before));
    const asked = page.waitForResponse((response) => response.url().endsWith('/api/v1/owner/stats/now'));
    await page.clock.runFor(REFRESH_MS);
    const answer = await asked;
    expect(answer.ok()).toBe(true);
    // What the server answered then is what the card shows: compared with the answer itself, not with
    // `before + 1`, as a visitor of an earlier test may leave the five minutes meanwhile.
    const now = (await answer.json()).data as { visitors: number; pages: { value: string; visitors: number }[] };
    const onNote = now.pages.find((item) => item.value === `/notes/${NOTE}`)?.visitors ?? 0;
    // The reader's visit is there, on the note.
    expect(onNote).toBeGreaterThanOrEqual(1);
    await expect(live.locator('strong')).toHaveText(String(now.visitors));
    // The note by its title, its path below it.
    const row = table.getByRole('rowheader').filter({ hasText: `/notes/${NOTE}` });
    await expect(row).toContainText(noteTitle);
    expect(await visitorsOn(table, `/notes/${NOTE}`)).toBe(onNote);
    // The header's badge follows the live count.
    await expect(
      page.getByText(en.stats.now.replace('{{count}}', String(now.visitors)), { exact: true }),
    ).toBeVisible();

    await expectCleanAtPhoneAndDesktop(page, 'the dashboard with its Now card');
  });

  test('downloads the chosen day’s figures as CSV, named by the server, the same as the JSON', async ({ page }) => {
    test.setTimeout(budget({ pages: 3 }));
    await signIn(page, 'english');
    const today = dayOf(new Date());
    await page.goto(`/owner/stats?range=custom&from=${today}&to=${today}&lang=english`);
    await expect(page.getByRole('region', { name: en.stats.live.title })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: en.stats.export }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`statistics-${today}.csv`);
    const text = readFileSync((await file.path()) ?? '', 'utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('section,key,metric,value');
    const json = await (await page.request.get(`/api/v1/owner/stats?from=${today}&to=${today}`)).json();
    expect(lines).toContain(`totals,,visits,${json.data.totals.visits}`);
    expect(lines).toContain(`totals,,visitors,${json.data.totals.visitors}`);
    // One day per UTC hour, both figures for each.
    expect(lines.filter((line) => line.startsWith('series,'))).toHaveLength(48);
  });
});
