import type { Page } from '@playwright/test';
import { budget, chooseLanguage, expect, holdRequests, open, test, waitForPage } from './fixtures.js';
import { translations } from './support.js';

/**
 * Pages arrive rendered with the footer in them; these make the browser draw the page itself (the
 * page's data removed), as it does without the server's bundle, so it must fetch the footer.
 */
async function drawnInBrowser(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(/<script id="hydration-data"[^>]*>[\s\S]*?<\/script>/, '');
    await route.fulfill({ response, body });
  });
}

test.describe('page content (spec §3, §4, §8)', () => {
  test('fetches each section once and reuses it on later visits', async ({ page }) => {
    test.setTimeout(budget({ pages: 7 }));
    const fetched: string[] = [];
    page.on('request', (request) => {
      const match = /\/api\/v1\/pages\/(\w+)$/.exec(new URL(request.url()).pathname);
      if (match?.[1]) fetched.push(match[1]);
    });
    await open(page, '/');
    const menu = page.getByRole('navigation');
    for (const link of ['Men haqimda', 'Portfolio', 'Bosh sahifa', 'Men haqimda', 'Portfolio', "Bog'lanish"]) {
      await menu.getByRole('link', { name: link, exact: true }).click();
      await waitForPage(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    // Home and the footer came rendered in the page with their content (decision 016): they are never
    // asked for again.
    expect(fetched.sort()).toEqual(['about', 'portfolio']);
  });

  test('the footer says Loading... until its content arrives, then shows the owner description', async ({ page }) => {
    await drawnInBrowser(page);
    const release = await holdRequests(page, '**/api/v1/pages/footer');
    await page.goto('/contact');
    await chooseLanguage(page, 'english');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Loading...');
    release();
    await expect(footer).not.toContainText('Loading...');
    await expect(footer.getByRole('link').first()).toBeVisible();
  });

  test('a failed footer fetch is logged in red, leaves the footer on its loading text, and breaks nothing', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Content fetch failed|status of 500/);
    const logged = page.waitForEvent('console', (message) => message.text().includes('Content fetch failed'));
    await drawnInBrowser(page);
    await page.route('**/api/v1/pages/footer', (route) =>
      route.fulfill({ status: 500, json: { success: false, code: 'internal_error', message: 'Boom' } }),
    );
    await open(page, '/');
    const message = await logged;
    expect(message.type()).toBe('error');
    expect(message.text()).toMatch(/^%cContent fetch failed: %s: %s color: red footer /);
    await expect(page.getByRole('contentinfo')).toHaveText(translations.lotin.footer.loading);
    await page.getByRole('navigation').getByRole('link', { name: 'Men haqimda', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Men haqimda');
  });

  test('a response without success: true is an error, shown as the generic error heading', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Content fetch failed/);
    await page.route('**/api/v1/pages/about', (route) =>
      route.fulfill({ status: 200, json: { success: false, message: 'Section not found', data: null } }),
    );
    // The first page comes rendered with its content; the next one's is fetched when visited.
    await open(page, '/');
    await page.getByRole('navigation').getByRole('link', { name: 'Men haqimda', exact: true }).click();
    await waitForPage(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Xatolik yuz berdi!');
    await chooseLanguage(page, 'english');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.english.errors.error_title);
  });

  test('renders the footer HTML the server sanitized, and social links open in a new tab safely', async ({
    page,
    request,
  }) => {
    // Hostile HTML is taken apart by the server when the content loads (API tests); the browser shows
    // what the API gives, and still has the CSP behind it.
    const footerData = (await (await request.get('/api/v1/pages/footer')).json()).data;
    await open(page, '/');
    const footer = page.getByRole('contentinfo');
    const description = footer.locator('div').first();
    // Compared as the browser writes HTML back (entities may be spelled differently).
    const expected = await page.evaluate((html: string) => {
      const template = document.createElement('template');
      template.innerHTML = html;
      return template.innerHTML;
    }, footerData.description.lotin);
    expect(await description.innerHTML()).toBe(expected);
    expect(await footer.locator('img, script').count()).toBe(0);
    expect(await footer.locator('a[href^="javascript:"]').count()).toBe(0);

    const social = footer.getByRole('link', { name: /yangi oynada ochiladi/ });
    expect(await social.count()).toBeGreaterThan(0);
    await expect(footer).toContainText(translations.lotin.footer.subscribe);
    for (const link of await social.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test('the footer description follows the language, and without social links there is no subscribe label', async ({
    page,
    request,
  }) => {
    const footer = (await (await request.get('/api/v1/pages/footer')).json()).data;
    await drawnInBrowser(page);
    await page.route('**/api/v1/pages/footer', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      json.data.social_links = [];
      await route.fulfill({ response, json });
    });
    await open(page, '/contact');
    const contentinfo = page.getByRole('contentinfo');
    const text = (html: string) => html.replace(/<[^>]+>/g, '').trim();
    await expect(contentinfo).toContainText(text(footer.description.lotin).slice(0, 30));
    await chooseLanguage(page, 'russian');
    await expect(contentinfo).toContainText(text(footer.description.russian).slice(0, 30));
    await expect(contentinfo).not.toContainText(translations.russian.footer.subscribe);
    await expect(contentinfo.getByRole('link', { name: /новой вкладке/ })).toHaveCount(0);
  });

  test('visitor statistics that fail are swallowed silently: no message, the site works', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 503/);
    // The app notes the failure for a developer, as a warning in the console, and nothing more.
    allowConsoleErrors(/Visitor statistics are unavailable/);
    await page.route('**/api/v1/visitor/**', (route) =>
      route.fulfill({ status: 503, json: { success: false, code: 'service_unavailable', message: 'Down' } }),
    );
    await open(page, '/');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('navigation').getByRole('link', { name: 'Portfolio', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portfolio');
  });
});
