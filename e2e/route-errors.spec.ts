import type { Page } from '@playwright/test';
import { expect, open, test } from './fixtures.js';
import { translations } from './support.js';

/** React Router's own error page, which shows the error's message and its stack trace. */
async function expectNoDefaultErrorPage(page: Page) {
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  await expect(page.locator('pre')).toHaveCount(0);
  expect(await page.locator('body').innerText()).not.toMatch(/\bat .+:\d+:\d+/);
}

test.describe('a route that fails shows the friendly error page, never a stack trace', () => {
  test("a page whose content arrives as garbage: the error page in the site's layout", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Content fetch failed/);
    await page.route('**/api/v1/pages/portfolio', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '<html>garbage{' }),
    );
    // Taken over by the app first (its scripts come after the first paint, decision 045): a click
    // before that is an ordinary link to the server's page, which needs no content fetch.
    await open(page, '/');
    await page.getByRole('navigation').getByRole('link', { name: 'Portfolio', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.lotin.errors.error_title);
    await expect(page.getByRole('button', { name: translations.lotin.errors.retry })).toBeVisible();
    // The layout stays: the visitor can go on to another page.
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Portfolio', exact: true })).toBeVisible();
    await expectNoDefaultErrorPage(page);
  });

  test("the owner area whose code cannot load (after a new version was deployed): the error page, in the visitor's language", async ({
    page,
    allowConsoleErrors,
  }) => {
    // The browser reports the module that does not parse.
    allowConsoleErrors(/SyntaxError|Unexpected token|owner-app/);
    // After the retry the owner area asks for the session, and the browser logs its 401.
    allowConsoleErrors(/status of 401/);
    await page.route(/\/assets\/owner-app-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'export const broken = ;' }),
    );
    await page.goto('/owner?lang=english');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.english.errors.error_title);
    await expect(page.getByText(translations.english.errors.error_description)).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expectNoDefaultErrorPage(page);

    // Retry reloads: once the code loads again, the owner area is back.
    await page.unrouteAll();
    await page.getByRole('button', { name: translations.english.errors.retry }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(translations.english.errors.error_title);
  });
});
