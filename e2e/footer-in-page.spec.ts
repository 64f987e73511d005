import { expect, test } from './fixtures.js';
import { translations } from './support.js';

test.describe('the footer arrives in the page (without JavaScript too)', () => {
  test.use({ javaScriptEnabled: false });

  test('shows its description and links, never Loading..., in the page language', async ({
    page,
    request,
    allowConsoleErrors,
  }) => {
    // Chromium refuses the app's scripts (and says so) when JavaScript is off.
    allowConsoleErrors(/\/assets\/.*\.js$/);
    const footerData = (await (await request.get('/api/v1/pages/footer')).json()).data;
    const text = (html: string) =>
      html
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    for (const [path, locale] of [
      ['/', 'lotin'],
      ['/about?lang=english', 'english'],
      ['/contact?lang=russian', 'russian'],
    ] as const) {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      await expect(footer).not.toContainText(translations[locale].footer.loading);
      await expect(footer).toContainText(text(footerData.description[locale]).slice(0, 40));
      await expect(footer).toContainText(translations[locale].footer.subscribe);
      const links = footer.locator('ul a');
      expect(await links.count()).toBe(footerData.social_links.length);
      await expect(links.first()).toHaveAttribute('href', footerData.social_links[0].url);
    }
  });
});
