import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { parse } from 'yaml';
import { BROWSER_USER_AGENT } from '../scripts/built-site.js';
import { dayOf } from '../src/shared/days.js';
import { expectCleanAtPhoneAndDesktop, expectNoAxeViolations } from './axe.js';
import { budget, expect, test } from './fixtures.js';
import { forgetOwnerPassword, ownerPasswordIsSet, ownerTexts, setOwnerPassword, signIn } from './owner-support.js';
import { seedStatsTrafficOnce, statsTraffic } from './stats-traffic.js';

const en = ownerTexts.english;
const uz = ownerTexts.lotin;
const traffic = statsTraffic(new Date());
const { period, expected } = traffic;

/** The headline figure under a label, as a number ("1,234" → 1234), and its whole entry. */
function figure(page: Page, label: string): { item: Locator; value: () => Promise<number> } {
  const item = page
    .getByRole('region', { name: en.stats.summary })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });
  return {
    item,
    value: async () => Number((await item.locator('strong').textContent())?.replace(/[^\d.]/g, '')),
  };
}

/** The rows of a table as text cells, header row left out. */
async function bodyRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
    );
}

/** A demo note's title in one language, as the owner wrote it in content/notes/. */
function noteTitle(slug: string, locale: 'lotin' | 'english'): string {
  const text = readFileSync(`content/notes/${slug}/${locale}.md`, 'utf8');
  return (parse(/^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '') as { title: string }).title;
}

/** In every language. */
const EVERYWHERE = 'contrast-is-a-test';
/** In Uzbek and Russian only: the English dashboard names it in Uzbek, the note's first language. */
const NOT_IN_ENGLISH = 'ozbek-matni-ekranda';

/** Opens the custom period through the form, as the owner does. */
async function chooseCustomPeriod(page: Page) {
  await page.getByRole('button', { name: en.stats.range.custom }).click();
  await page.getByLabel(en.stats.range.from, { exact: true }).fill(period.from);
  await page.getByLabel(en.stats.range.to, { exact: true }).fill(period.to);
  await page.getByRole('button', { name: en.stats.range.apply }).click();
  await expect(page).toHaveURL(new RegExp(`range=custom&from=${period.from}&to=${period.to}`));
  // Until the period's answer is in, the dashboard keeps showing the last one (the default 30
  // days, which hold the other tests' visits of today) and says it is busy: "34" contains "4".
  await expect(page.locator('[data-loading]')).toHaveAttribute('aria-busy', 'false');
  await expect(figure(page, en.stats.figures.visitors).item.locator('strong')).toHaveText(
    String(expected.figures.visitors),
  );
}

// One owner, one password, one seeded traffic: these tests run in order on the shared server.
test.describe.configure({ mode: 'serial' });

test.describe('the statistics dashboard', () => {
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

  // Before signing in, the owner area asks for the session and the browser logs its 401.
  test.beforeEach(async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 401/);
    await signIn(page, 'english');
    await page.getByRole('link', { name: en.nav.stats }).click();
    await expect(page.getByRole('heading', { level: 1, name: en.stats.title })).toBeVisible();
  });

  test('shows the seeded figures of a period, each with its change, and the breakdowns', async ({ page }) => {
    await chooseCustomPeriod(page);
    const { figures } = en.stats;
    const checks: [string, number, string][] = [
      [figures.visitors, expected.figures.visitors, '300%'],
      [figures.visits, expected.figures.visits, '700%'],
      [figures.visits_per_visitor, expected.figures.visitsPerVisitor, '100%'],
      [figures.new_visitors, expected.figures.newVisitors, '200%'],
    ];
    for (const [label, value, change] of checks) {
      expect(await figure(page, label).value(), label).toBe(value);
      await expect(figure(page, label).item, label).toContainText(change);
    }
    // Returning visitors: one now, none in the previous period, so no percentage.
    const returning = figure(page, figures.returning_visitors);
    expect(await returning.value()).toBe(expected.figures.returningVisitors);
    await expect(returning.item).toContainText(en.stats.change.no_previous);
    // Screen readers hear the change in words.
    await expect(figure(page, figures.visitors).item).toContainText(
      en.stats.change.up.replace('{{percent}}', '300%').replace('{{previous}}', '1'),
    );

    const pages = page.getByRole('table', { name: en.stats.breakdowns.pages.title });
    expect((await bodyRows(pages)).map(([value, visits]) => [value, Number(visits)])).toEqual(expected.pages);
    const sources = page.getByRole('table', { name: en.stats.breakdowns.referrers.title });
    expect((await bodyRows(sources)).map(([value, visits]) => [value, Number(visits)])).toEqual(
      expected.referrers.map(([value, visits]) => [value ?? en.stats.values.direct, visits]),
    );
    const languages = page.getByRole('table', { name: en.stats.breakdowns.languages.title });
    expect((await bodyRows(languages)).map(([value]) => value)).toEqual([
      en.stats.values.languages.english,
      en.stats.values.languages.lotin,
      en.stats.values.languages.russian,
    ]);
  });

  test('a visit from a tagged link shows in the Campaigns card by its source, medium and campaign', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(budget({ pages: 4, scans: 4 }));
    // Someone follows the owner's tagged link today, in a browser of their own (the owner is not
    // counted): outside the custom period the other tests count.
    const reader = await browser.newContext({ baseURL, userAgent: BROWSER_USER_AGENT });
    const readerPage = await reader.newPage();
    const created = readerPage.waitForResponse((response) => response.url().includes('/api/v1/visitor/create/web'));
    await readerPage.goto('/?utm_source=e2e-newsletter&utm_medium=email&utm_campaign=autumn%20cv&utm_term=x');
    expect(Object.fromEntries(new URL((await created).url()).searchParams)).toMatchObject({
      path: '/',
      source: 'e2e-newsletter',
      medium: 'email',
      campaign: 'autumn cv',
    });
    await reader.close();

    const today = dayOf(new Date());
    await page.goto(`/owner/stats?range=custom&from=${today}&to=${today}`);
    const card = page.getByRole('region', { name: en.stats.campaigns.title });
    const shown = card.getByRole('table');
    const tab = (name: string) => card.getByRole('button', { name, exact: true });
    await expect(tab(en.stats.campaigns.sources.title)).toHaveAttribute('aria-pressed', 'true');
    await expect(shown.getByRole('rowheader', { name: 'e2e-newsletter', exact: true })).toBeVisible();
    await tab(en.stats.campaigns.mediums.title).click();
    await expect(tab(en.stats.campaigns.mediums.title)).toHaveAttribute('aria-pressed', 'true');
    await expect(shown.getByRole('rowheader', { name: 'email', exact: true })).toBeVisible();
    // By keyboard too.
    await tab(en.stats.campaigns.campaigns.title).focus();
    await page.keyboard.press('Enter');
    await expect(shown.getByRole('rowheader', { name: 'autumn cv', exact: true })).toBeVisible();
    // Visits without a campaign are not a row of it.
    await expect(shown.getByRole('rowheader', { name: en.stats.values.not_given })).toHaveCount(0);
    await expectCleanAtPhoneAndDesktop(page, 'the dashboard with its campaigns card');

    // The custom period had no tagged visits: the card says how to tag links.
    await page.goto(`/owner/stats?range=custom&from=${period.from}&to=${period.to}`);
    await expect(card).toContainText(en.stats.campaigns.empty);
  });

  test("names a note's page by its title, in the owner's language or else the note's first, its path below", async ({
    page,
    request,
  }) => {
    // Anonymous visits today through the real API: outside the custom period the other tests count.
    for (const slug of [EVERYWHERE, NOT_IN_ENGLISH]) {
      const response = await request.get(
        `/api/v1/visitor/create/web?${new URLSearchParams({ path: `/notes/${slug}` })}`,
        { headers: { 'user-agent': BROWSER_USER_AGENT } },
      );
      expect(response.status()).toBe(200);
    }
    const today = dayOf(new Date());
    const pageRow = (table: Locator, slug: string) =>
      table.getByRole('rowheader').filter({ has: page.getByText(`/notes/${slug}`, { exact: true }) });

    // Other tests browse the same server today: the two notes may be past the card's first rows.
    const showAllPages = async (texts: typeof en) => {
      const more = page
        .getByRole('region', { name: texts.stats.breakdowns.pages.title })
        .getByRole('button', { name: texts.stats.breakdowns.show_all.split('{{')[0] });
      if (await more.count()) await more.click();
    };
    await page.goto(`/owner/stats?range=custom&from=${today}&to=${today}`);
    const pages = page.getByRole('table', { name: en.stats.breakdowns.pages.title });
    await expect(pages).toBeVisible();
    await showAllPages(en);
    for (const [slug, title] of [
      [EVERYWHERE, noteTitle(EVERYWHERE, 'english')],
      [NOT_IN_ENGLISH, noteTitle(NOT_IN_ENGLISH, 'lotin')],
    ] as const) {
      const row = pageRow(pages, slug);
      await expect(row.getByText(title, { exact: true })).toBeVisible();
      await expect(row.getByText(`/notes/${slug}`, { exact: true })).toBeVisible();
    }
    // The path is the row's second line, smaller than the title.
    const [titleSize, pathSize] = await Promise.all(
      [noteTitle(EVERYWHERE, 'english'), `/notes/${EVERYWHERE}`].map((text) =>
        pageRow(pages, EVERYWHERE)
          .getByText(text, { exact: true })
          .evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize)),
      ),
    );
    expect(pathSize).toBeLessThan(titleSize ?? 0);
    // The fixed pages keep their paths as their names.
    await expect(pages.getByRole('rowheader', { name: '/', exact: true })).toBeVisible();

    // In Uzbek, the note written in Uzbek too is named in Uzbek.
    await page.goto(`/owner/stats?range=custom&from=${today}&to=${today}&lang=lotin`);
    const uzPages = page.getByRole('table', { name: uz.stats.breakdowns.pages.title });
    await expect(uzPages).toBeVisible();
    await showAllPages(uz);
    await expect(pageRow(uzPages, EVERYWHERE).getByText(noteTitle(EVERYWHERE, 'lotin'), { exact: true })).toBeVisible();
  });

  test('the Countries card names each country in the owner’s language after its flag; unknown is one row', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 4, scans: 4 }));
    const ru = ownerTexts.russian;
    const custom = `range=custom&from=${period.from}&to=${period.to}`;
    const rowsOf = async (title: string, language: string, unknown: string) => {
      const table = page.getByRole('region', { name: title }).getByRole('table', { name: title });
      const names = new Intl.DisplayNames([language], { type: 'region' });
      const headers = table.getByRole('rowheader');
      await expect(headers).toHaveCount(expected.countries.length);
      for (const [index, [code]] of expected.countries.entries()) {
        // The flag is decorative: the row's name is the country's alone.
        await expect(headers.nth(index)).toHaveAccessibleName(code === null ? unknown : (names.of(code) ?? code));
      }
      const visits = (await bodyRows(table)).map((cells) => Number(cells[1]));
      expect(visits).toEqual(expected.countries.map(([, count]) => count));
      return headers;
    };

    await page.goto(`/owner/stats?${custom}&lang=english`);
    const headers = await rowsOf(en.stats.breakdowns.countries.title, 'en', en.stats.values.unknown_country);
    // Uzbekistan's flag: the regional indicators U and Z, hidden from screen readers.
    await expect(headers.first().locator('[aria-hidden="true"]')).toHaveText('\u{1F1FA}\u{1F1FF}');
    await expect(page.getByRole('region', { name: en.stats.breakdowns.countries.title })).toContainText(
      en.stats.breakdowns.countries.note,
    );
    await expectCleanAtPhoneAndDesktop(page, 'the dashboard with its countries card');

    await page.goto(`/owner/stats?${custom}&lang=lotin`);
    const uzHeaders = await rowsOf(uz.stats.breakdowns.countries.title, 'uz-Latn', uz.stats.values.unknown_country);
    // Shares with Uzbek's decimal comma (Chromium has no Uzbek number data and wrote 33.3%).
    const uzShares = (await bodyRows(uzHeaders.locator('xpath=ancestor::table'))).map((cells) => cells.at(-1));
    for (const share of uzShares) expect(share).toMatch(/^\d+,\d%$/);
    await page.goto(`/owner/stats?${custom}&lang=russian`);
    await rowsOf(ru.stats.breakdowns.countries.title, 'ru', ru.stats.values.unknown_country);
    await expectCleanAtPhoneAndDesktop(page, 'the countries card in Russian');
  });

  test('switching the period changes the figures', async ({ page }) => {
    const visits = figure(page, en.stats.figures.visits);
    const periods = page.getByRole('group', { name: en.stats.range.label });
    // The default period is 30 days.
    await expect(periods.getByRole('button', { name: en.stats.range['30d'] })).toHaveAttribute('aria-pressed', 'true');
    const in30Days = await visits.value();

    await periods.getByRole('button', { name: en.stats.range['7d'] }).click();
    await expect(page).toHaveURL(/range=7d/);
    await expect(periods.getByRole('button', { name: en.stats.range['7d'] })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(visits.value).toBe(in30Days - expected.visitsBeyond7Days);

    await periods.getByRole('button', { name: en.stats.range['12mo'] }).click();
    await expect.poll(visits.value).toBe(in30Days + expected.visitsBeyond30Days);

    // Today is drawn per hour; the address keeps the period over a reload.
    await periods.getByRole('button', { name: en.stats.range.today }).click();
    await expect(page.getByRole('heading', { level: 2, name: en.stats.graph.heading_hourly })).toBeVisible();
    await page.reload();
    await expect(periods.getByRole('button', { name: en.stats.range.today })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 2, name: en.stats.graph.heading_hourly })).toBeVisible();

    // A reversed custom period is refused before asking the server.
    await periods.getByRole('button', { name: en.stats.range.custom }).click();
    await page.getByLabel(en.stats.range.from, { exact: true }).fill(period.to);
    await page.getByLabel(en.stats.range.to, { exact: true }).fill(period.from);
    await page.getByRole('button', { name: en.stats.range.apply }).click();
    await expect(page.getByRole('alert')).toHaveText(en.stats.range.problems.reversed_range);
  });

  test('the chart has an accessible name, and its table holds the same numbers', async ({ page }) => {
    await chooseCustomPeriod(page);
    const chart = page.getByRole('img', { name: /^Visitors and visits per day, / });
    await expect(chart).toBeVisible();
    const description = en.stats.graph.description
      .replace('{{visitors}}', '4')
      .replace('{{visits}}', '8')
      .replace('{{busiestVisits}}', '3');
    const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(chart).toHaveAccessibleDescription(
      new RegExp(`^${escaped(description.split('{{busiest}}')[0] ?? '')}`),
    );

    await page.getByText(en.stats.graph.show_table).click();
    const name = await chart.getAttribute('aria-labelledby').then((id) => page.locator(`[id="${id}"]`).textContent());
    const table = page.getByRole('table', { name: name ?? '' });
    await expect(table).toBeVisible();
    const rows = await bodyRows(table);
    expect(rows.map(([, visitors, visits]) => [Number(visitors), Number(visits)])).toEqual(
      expected.series.map((point) => [point.visitors, point.visits]),
    );
    // The chart says what the table adds up to: its totals and busiest day are the table's.
    const visitsInTable = rows.map(([, , visits]) => Number(visits));
    expect(visitsInTable.reduce((sum, value) => sum + value, 0)).toBe(expected.figures.visits);
    const busiest = rows[visitsInTable.indexOf(Math.max(...visitsInTable))]?.[0] ?? '';
    await expect(chart).toHaveAccessibleDescription(description.replace('{{busiest}}', busiest));
  });

  test('exports the period’s figures as CSV from the server, with a byte-order mark', async ({ page }) => {
    await chooseCustomPeriod(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: en.stats.export }).click();
    const file = await download;
    // The server names the file (Content-Disposition).
    expect(file.suggestedFilename()).toBe(`statistics-${period.from}-to-${period.to}.csv`);
    const bytes = readFileSync((await file.path()) ?? '');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('section,key,metric,value');
    expect(lines).toEqual(
      expect.arrayContaining([
        `totals,,visitors,${expected.figures.visitors}`,
        `totals,,visits,${expected.figures.visits}`,
        ...expected.series.flatMap((point) => [
          `series,${point.day},visitors,${point.visitors}`,
          `series,${point.day},visits,${point.visits}`,
        ]),
        ...expected.pages.map(([path, visits]) => `pages,${path},visits,${visits}`),
      ]),
    );
  });

  test('switches counting this browser off and on, and keeps the choice', async ({ page, context }) => {
    const counting = page.getByRole('switch', { name: en.stats.this_browser.label });
    // The switch moves at once; the cookie comes with the server's answer, a moment later (under load,
    // after the text has changed): wait for that answer before reading the cookies or reloading.
    const saved = () =>
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/v1/owner/stats/this-browser') && response.request().method() === 'PUT',
      );
    await expect(counting).toBeChecked();
    // click(), not uncheck(): the switch moves as the query cache renders, a task after the click.
    const off = saved();
    await counting.click();
    await expect(counting).not.toBeChecked();
    await expect(page.getByText(en.stats.this_browser.off)).toBeVisible();
    expect((await off).status()).toBe(200);
    expect((await context.cookies()).find((cookie) => cookie.name === 'not_counted')).toMatchObject({
      value: '1',
      httpOnly: true,
    });
    await page.reload();
    await expect(counting).not.toBeChecked();
    const on = saved();
    await counting.click();
    await expect(counting).toBeChecked();
    expect((await on).status()).toBe(200);
    expect((await context.cookies()).some((cookie) => cookie.name === 'not_counted')).toBe(false);
  });

  test('a switch moves at once, and back with the reason when the server cannot be reached', async ({
    page,
    allowConsoleErrors,
  }) => {
    // The failed request is made to fail here, and the browser logs it.
    allowConsoleErrors(/ERR_FAILED|\/owner\/stats\/this-browser$/);
    const counting = page.getByRole('switch', { name: en.stats.this_browser.label });
    await expect(counting).toBeChecked();
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/v1/owner/stats/this-browser', async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      await answered;
      return route.abort();
    });
    await counting.click();
    await expect(counting).not.toBeChecked();
    answer();
    await expect(page.getByRole('alert')).toHaveText(en.errors.network);
    await expect(counting).toBeChecked();
  });

  test('turns the weekly summary e-mail on and off in the settings', async ({ page }) => {
    await page.getByRole('link', { name: en.nav.settings }).click();
    const summary = page.getByRole('region', { name: en.settings.summary_title });
    const toggle = summary.getByRole('switch', { name: en.settings.summary_label });
    await expect(toggle).toBeEnabled();
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(summary).toContainText(en.settings.summary_on.replace('{{target}}', 'owner@example.uz'));
    await page.reload();
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(summary).toContainText(en.settings.summary_off);
  });

  test('axe finds nothing serious in either theme, in Uzbek, and it fits a phone', async ({ page }) => {
    test.setTimeout(budget({ pages: 6, scans: 2 }));
    await page.setViewportSize({ width: 375, height: 800 });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/owner/stats?lang=lotin');
      await page.evaluate((value) => {
        document.documentElement.dataset.theme = value;
      }, theme);
      await expect(page.getByRole('img', { name: new RegExp(`^${uz.stats.graph.title.split(',')[0]}`) })).toBeVisible();
      // Everything that opens is open, so axe looks at it too.
      await page.getByRole('button', { name: uz.stats.range.custom }).click();
      await page.getByText(uz.stats.graph.show_table).click();
      for (const width of [375, 320]) {
        await page.setViewportSize({ width, height: 800 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${theme} at ${width} px`).toBeLessThanOrEqual(0);
        // The figures of a row line up, under a label of one line or two (a wrapped one pushed its figure down).
        const misaligned = await page.getByRole('region', { name: uz.stats.summary }).evaluate((summary) => {
          const rows = new Map<number, Set<number>>();
          for (const figure of summary.querySelectorAll('li')) {
            const row = Math.round(figure.getBoundingClientRect().top);
            const value = figure.querySelector('strong')?.getBoundingClientRect().top ?? Number.NaN;
            rows.set(row, (rows.get(row) ?? new Set()).add(Math.round(value)));
          }
          return [...rows.values()].filter((tops) => tops.size > 1).map((tops) => [...tops]);
        });
        expect(misaligned, `${theme} at ${width} px`).toEqual([]);
        // The periods fill the rows they wrap into: none stands alone at the start of a row.
        const periods = await page.getByRole('group', { name: uz.stats.range.label }).evaluate((group) => {
          const buttons = [...group.querySelectorAll('button')].map((button) => button.getBoundingClientRect());
          return {
            right: group.getBoundingClientRect().right,
            rows: buttons
              .filter((box, index) => index === buttons.length - 1 || box.top !== buttons[index + 1]?.top)
              .map((box) => Math.round(box.right)),
          };
        });
        for (const end of periods.rows) expect(periods.right - end, `${theme} at ${width} px`).toBeLessThan(12);
      }
      await page.setViewportSize({ width: 375, height: 800 });
      await expectNoAxeViolations(page, theme);
    }
  });
});
