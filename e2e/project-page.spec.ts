import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import { expectNoAxeViolations } from './axe.js';
import { budget, expect, open, test, waitForPage } from './fixtures.js';
import { signIn, useOwnerPassword } from './owner-support.js';
import { fullName, ownerContent, siteIdentity, translations } from './support.js';

/** A demo project's front matter, as the owner wrote it in content/projects/. */
function projectFile(slug: string, locale: keyof typeof translations) {
  const text = readFileSync(`content/projects/${slug}/${locale}.md`, 'utf8');
  const [, frontMatter = ''] = /^---\n([\s\S]*?)\n---\n/.exec(text) ?? [];
  return parse(frontMatter) as {
    title: string;
    role: string;
    stack: string[];
    links: Partial<Record<'live' | 'code' | 'case_study', string>>;
  };
}

/** A project with a page of its own (content/projects/), and a portfolio item without one. */
const PROJECT = 'oqim-bank';
const ITEM_ONLY = 'chinor-cafe';

test.describe('a project’s own page (issue 27)', () => {
  test('a card’s dialog shows the project’s address; Back closes it; closing it leaves the address', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 3 }));
    const item = ownerContent('portfolio').items.find((candidate) => candidate.id === PROJECT);
    if (!item) throw new Error(`content/portfolio.yaml has no ${PROJECT}`);
    await open(page, '/portfolio?lang=english');
    const card = page.getByRole('button', { name: item.title.english });
    const dialog = page.getByRole('dialog', { name: item.title.english });
    const overlay = page.getByTestId('loading-overlay');

    await card.click();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/portfolio/${PROJECT}\\?lang=english$`));
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/portfolio\?lang=english$/);
    // The page under the dialog stayed: no navigation, no loader.
    await expect(overlay).toHaveAttribute('data-state', 'finished');
    await expect(card).toBeVisible();

    await card.click();
    await expect(page).toHaveURL(new RegExp(`/portfolio/${PROJECT}\\?lang=english$`));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/portfolio\?lang=english$/);
    await expect(card).toBeFocused();

    // The dialog's link opens the page itself, in the dialog's place in the history.
    await card.click();
    await dialog.getByRole('link', { name: translations.english.portfolio.open_page }).click();
    await waitForPage(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(projectFile(PROJECT, 'english').title);
    await expect(page).toHaveURL(new RegExp(`/portfolio/${PROJECT}\\?lang=english$`));
    await page.goBack();
    await waitForPage(page);
    await expect(page).toHaveURL(/\/portfolio\?lang=english$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.english.portfolio.title);
  });

  test('its address opens the page: title, role, stack, typed links', async ({ page }) => {
    await open(page, `/portfolio/${PROJECT}?lang=english`);
    const project = projectFile(PROJECT, 'english');
    const identity = await siteIdentity(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.title);
    await expect(page).toHaveTitle(`${fullName(identity, 'english')} - ${project.title}`);
    const article = page.getByRole('article', { name: project.title });
    await expect(article).toContainText(project.role);
    for (const tool of project.stack)
      await expect(article.getByRole('listitem').filter({ hasText: tool }).first()).toBeVisible();
    const words = { live: 'Live site', code: 'Source code', case_study: 'Case study' } as const;
    for (const [kind, url] of Object.entries(project.links)) {
      await expect(article.getByRole('link', { name: new RegExp(words[kind as keyof typeof words]) })).toHaveAttribute(
        'href',
        url,
      );
    }
    // The header's "Portfolio" stays marked under /portfolio.
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Portfolio' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('a portfolio item without a project entry has its page too; an unknown one is the 404 page', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 404/);
    const item = ownerContent('portfolio').items.find((candidate) => candidate.id === ITEM_ONLY);
    if (!item) throw new Error(`content/portfolio.yaml has no ${ITEM_ONLY}`);
    await open(page, `/portfolio/${ITEM_ONLY}?lang=russian`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.title.russian);
    const response = await page.goto('/portfolio/no-such-project');
    expect(response?.status()).toBe(404);
    await waitForPage(page);
    await expect(page.getByTestId('joke')).toBeVisible();
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [320, 1280]) {
      test(`no serious or critical axe violations on a project's page (${theme}, ${width} px)`, async ({
        page,
        context,
        baseURL,
      }) => {
        test.setTimeout(budget({ pages: 1, scans: 1 }));
        await context.addCookies([{ name: 'theme', value: theme, url: baseURL ?? '' }]);
        await page.setViewportSize({ width, height: 800 });
        await open(page, `/portfolio/${PROJECT}?lang=russian`);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page, `${PROJECT} (${theme}, ${width} px)`, {
          exclude: '[data-testid="loading-overlay"]',
        });
      });
    }
  }
});

/** Calls the owner API from the signed-in page, as the studio does. */
async function ownerCall(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const answer = await fetch(`/api/v1/owner/entries/projects${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      });
      return { status: answer.status, data: ((await answer.json()) as { data?: unknown }).data };
    },
    { method, path, body },
  );
}

test.describe('a project made in the studio is a card of the portfolio (decision 030)', () => {
  useOwnerPassword();
  test.beforeEach(({ allowConsoleErrors }) => allowConsoleErrors(/status of 401 \(Unauthorized\)/));
  const made: string[] = [];
  test.afterEach(async ({ page }) => {
    for (const id of made.splice(0)) await ownerCall(page, 'DELETE', `/${id}`);
  });

  test('its card is in the grid in its languages and opens the dialog with its address', async ({ page }) => {
    test.setTimeout(budget({ pages: 6 }));
    await signIn(page, 'english');
    // A deleted entry's slug stays taken for good: each run its own.
    const slug = `studio-project-${Date.now().toString(36)}`;
    const picture = ownerContent('portfolio').items[0]?.image;
    const created = await ownerCall(page, 'POST', '', { slug });
    expect(created.status).toBe(200);
    const id = (created.data as { id: string }).id;
    made.push(id);
    const words = (title: string, summary: string, body: string, alt: string) => ({
      title,
      summary,
      body,
      cover_alt: alt,
    });
    const content = {
      slug,
      status: 'published',
      date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      tags: ['Studio'],
      cover: picture,
      group: ownerContent('portfolio').groups[0]?.id,
      year: 2026,
      stack: ['TypeScript'],
      links: {},
      gallery: [],
      text: {
        english: words(
          'Harbour map',
          'A map of the harbour for visitors.',
          'Drawn **by hand** over a winter.',
          'A harbour map',
        ),
        russian: words('Карта гавани', 'Карта гавани для гостей.', 'Нарисована вручную за зиму.', 'Карта гавани'),
      },
    };
    expect((await ownerCall(page, 'PUT', `/${id}/draft`, { content, basedOn: null, revision: 0 })).status).toBe(200);
    expect((await ownerCall(page, 'POST', `/${id}/publish`, {})).status).toBe(200);

    await open(page, '/portfolio?lang=english');
    const card = page.getByRole('button', { name: 'Harbour map', exact: true });
    await expect(card).toBeVisible();
    // After the owner's items: the grid's last card.
    await expect(page.getByRole('main').getByRole('listitem').last()).toContainText(
      'A map of the harbour for visitors.',
    );
    await card.click();
    const dialog = page.getByRole('dialog', { name: 'Harbour map' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/portfolio/${slug}\\?lang=english$`));
    await expect(dialog).toContainText('Drawn by hand over a winter.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/portfolio\?lang=english$/);
    await expect(card).toBeFocused();

    await card.click();
    await dialog.getByRole('link', { name: translations.english.portfolio.open_page }).click();
    await waitForPage(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Harbour map');

    // Written in English and Russian only: no card in Uzbek.
    await open(page, '/portfolio?lang=russian');
    await expect(page.getByRole('button', { name: 'Карта гавани', exact: true })).toBeVisible();
    await open(page, '/portfolio?lang=lotin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.lotin.portfolio.title);
    await expect(page.getByRole('button', { name: 'Harbour map' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Карта гавани' })).toHaveCount(0);
  });
});
