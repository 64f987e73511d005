import { expect, open, test } from './fixtures.js';
import { translations } from './support.js';

const DAY_SECONDS = 24 * 60 * 60;

test.describe('theme (spec §4, §9)', () => {
  test('toggles dark and light, storing cookie "theme" for 1000 days on path /', async ({ page, context }) => {
    // What the app writes, before the browser applies its own cap.
    await page.addInitScript(() => {
      const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
      const written: string[] = [];
      Object.assign(window, { writtenCookies: written });
      Object.defineProperty(document, 'cookie', {
        get: () => descriptor?.get?.call(document),
        set: (value: string) => {
          written.push(value);
          descriptor?.set?.call(document, value);
        },
      });
    });
    await open(page, '/');
    const html = page.locator('html');
    const toDark = page.getByRole('button', { name: translations.lotin.others.theme_to_dark });
    await expect(toDark).toHaveAttribute('data-theme-icon', 'moon');
    await toDark.click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    const toLight = page.getByRole('button', { name: translations.lotin.others.theme_to_light });
    await expect(toLight).toHaveAttribute('data-theme-icon', 'sun');

    const [cookie] = (await context.cookies()).filter((candidate) => candidate.name === 'theme');
    expect(cookie).toMatchObject({ name: 'theme', value: 'dark', path: '/' });
    const written = await page.evaluate(() => (window as unknown as { writtenCookies: string[] }).writtenCookies);
    expect(written.filter((value) => value.startsWith('theme='))).toEqual([
      `theme=dark; Max-Age=${1000 * DAY_SECONDS}; Path=/; SameSite=Lax`,
    ]);
    // Chromium keeps no cookie longer than 400 days, whatever it is asked; it keeps this one that long.
    const lifetimeDays = ((cookie?.expires ?? 0) - Date.now() / 1000) / DAY_SECONDS;
    expect(lifetimeDays).toBeGreaterThan(399.9);

    await toLight.click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect((await context.cookies()).find((candidate) => candidate.name === 'theme')?.value).toBe('light');
  });

  test('paints a stored theme from the first byte, with no flash of the other theme', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL ?? '' }]);
    const response = await page.goto('/about');
    expect(await response?.text()).toMatch(/<html [^>]*data-theme="dark"/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(16, 19, 24)');
  });

  test('applies a stored theme at start when the page has none set', async ({ page, context, baseURL }) => {
    // A page served without data-theme (say, from a cache): the app applies the cookie itself.
    const served: string[] = [];
    await page.route(
      (url) => url.pathname === '/about',
      async (route) => {
        const response = await route.fetch();
        const original = await response.text();
        const body = original.replace(/(<html\b[^>]*?)\s+data-theme="[^"]*"/, '$1');
        served.push(original, body);
        await route.fulfill({ response, body });
      },
    );
    await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL ?? '' }]);
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // The server did set the theme, and the page the app started from had none.
    const [original, body] = served;
    expect(original).toMatch(/<html\b[^>]*\sdata-theme="dark"/);
    expect(body).toMatch(/<html\b/);
    expect(body).not.toMatch(/<html\b[^>]*data-theme/);
  });

  test('follows the system preference until the visitor chooses', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await open(page, '/');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(16, 19, 24)');
    await expect(page.getByRole('button', { name: translations.lotin.others.theme_to_light })).toBeVisible();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(245, 243, 238)');
  });
});
