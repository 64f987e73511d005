import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { expectNoAxeViolations } from './axe.js';
import { budget, expect, open, test, waitForPage } from './fixtures.js';
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
