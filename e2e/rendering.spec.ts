import { budget, expect, open, readSetting, test, waitForPage } from './fixtures.js';
import { translations } from './support.js';

/**
 * Pages rendered on the server and taken over in the browser (decision 016). Hydration
 * mismatches surface as page errors, which every test here fails on (fixtures.ts).
 */
const PAGES = [
  { path: '/', title: (locale: keyof typeof translations) => translations[locale].home.title },
  { path: '/about', title: (locale: keyof typeof translations) => translations[locale].about.title },
  { path: '/portfolio', title: (locale: keyof typeof translations) => translations[locale].portfolio.title },
  { path: '/contact', title: (locale: keyof typeof translations) => translations[locale].contact.title },
] as const;
const LOCALES = ['lotin', 'russian', 'english'] as const;
const HTML_LANG = { lotin: 'uz-Latn', russian: 'ru', english: 'en' } as const;

/** The main script's requests are held, so what the page shows is the server's markup alone. */
async function holdScripts(page: import('@playwright/test').Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

test.describe('server-rendered pages', () => {
  for (const locale of LOCALES) {
    test(`every page arrives rendered in ${locale} and hydrates without a warning`, async ({ page }) => {
      test.setTimeout(budget({ pages: PAGES.length }));
      for (const { path, title } of PAGES) {
        const response = await page.goto(`${path}?lang=${locale}`);
        const html = (await response?.text()) ?? '';
        // The first byte already holds the page's heading in its language, not an empty shell.
        const served = servedHeading(html);
        if (path !== '/') expect(served).toBe(title(locale));
        expect(served).not.toBe('');
        expect(html).toContain(`<html lang="${HTML_LANG[locale]}"`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(served);
        await waitForPage(page);
      }
    });
  }

  test('?lang= shows that language and saves it as the visitor’s choice, as the dropdown does', async ({
    page,
    context,
  }) => {
    await open(page, '/about?lang=english');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.english.about.title);
    await expect(page.locator('.app')).toHaveClass(/\benglish\b/);
    await expect.poll(() => readSetting(page, 'locale')).toBe('english');
    expect((await context.cookies()).find((cookie) => cookie.name === 'locale')?.value).toBe('english');
    // Without the parameter the choice stays.
    await open(page, '/portfolio');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.english.portfolio.title);
  });

  test('a returning visitor’s language and theme are in the very first paint, with no flash', async ({
    page,
    context,
    baseURL,
  }) => {
    // A returning Russian visitor in the dark theme: chosen once, by the dropdown and the toggle.
    await open(page, '/');
    await page.getByRole('button', { name: translations.lotin.others.theme_to_dark }).click();
    await page.getByRole('button', { name: /^(Til|Язык|Language):/ }).click();
    await page.getByRole('option', { name: 'Русский' }).click();
    await expect(page.locator('.app')).toHaveClass(/\brussian\b/);
    const cookies = await context.cookies(baseURL);
    expect(cookies.find((cookie) => cookie.name === 'locale')?.value).toBe('russian');

    // Next visit, with the app's scripts held back: what shows is the server's first paint alone.
    const release = await holdScripts(page);
    await page.goto('/about', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.russian.about.title);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(16, 19, 24)');
    // Then the app takes over the same page: still Russian, still dark.
    release();
    await waitForPage(page);
    await expect(page.getByRole('button', { name: translations.russian.others.theme_to_light })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.russian.about.title);
  });

  test('the loader does not cover a page that arrived ready; client navigations still show it', async ({ page }) => {
    const response = await page.goto('/about');
    expect(await response?.text()).toContain('data-state="finished"');
    await expect(page.getByTestId('loading-overlay')).toHaveAttribute('data-state', 'finished');
    // Taken over by the app first: a click before that is the browser's own navigation to a page that
    // again arrives ready, with no loader (CI, 2026-11-26, on a busy machine).
    await waitForPage(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Portfolio', exact: true }).click();
    await expect(page.getByTestId('loading-overlay')).toHaveAttribute('data-state', 'loading');
    await expect(page.getByTestId('loading-overlay')).toHaveAttribute('data-state', 'finished');
  });

  test('the 404 page’s joke is the one the server chose, kept by the browser', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    const release = await holdScripts(page);
    const response = await page.goto('/no-such-page', { waitUntil: 'commit' });
    expect(response?.status()).toBe(404);
    const served = await page.getByTestId('joke').textContent();
    expect(translations.lotin.errors['404'].joke_descriptions).toContain(served);
    release();
    await waitForPage(page);
    // Hydrated (the theme toggle answers), and the joke did not change.
    await page.getByRole('button', { name: translations.lotin.others.theme_to_dark }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('joke')).toHaveText(served ?? '');
  });
});

test.describe('a first visit', () => {
  test('the page is styled from its HTML alone, the lazily loaded contact form included', async ({ page }) => {
    // No stylesheet request may stand between the HTML and the first paint: the styles come inline.
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    const release = await holdScripts(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: translations.lotin.contact.contact_form.title });
    await expect(form).toBeVisible();
    // contact-form.module.css, from the contact page's own chunk: a card laid out as a grid.
    const style = await form.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { display: computed.display, borderStyle: computed.borderTopStyle };
    });
    expect(style).toEqual({ display: 'grid', borderStyle: 'solid' });
    expect(stylesheets).toEqual([]);
    release();
    await waitForPage(page);
  });

  test('no page breaks its Content-Security-Policy, the contact form’s checks included', async ({ page }) => {
    // Chromium reports a refused eval or inline style as an event, not always as a console error.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`),
      );
    });
    const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    for (const { path } of PAGES) {
      await open(page, path);
      expect(await violations(), path).toEqual([]);
    }
    // The form checks what was typed with the shared schema when it is sent.
    await page.getByRole('button', { name: translations.lotin.contact.contact_form.send }).click();
    await expect(page.getByText(translations.lotin.contact.contact_form.errors.fix_fields)).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('every page is readable: headings, content and links', async ({ page, allowConsoleErrors }) => {
    // Chromium refuses the app's scripts (and says so) when JavaScript is off.
    allowConsoleErrors(/\/assets\/.*\.js$/);
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.lotin.about.title);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await page.goto('/portfolio?lang=english');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.english.portfolio.title);
    await expect(
      page.getByRole('navigation').getByRole('link', { name: translations.english.contact.title }),
    ).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: translations.english.contact.title }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

/** The text of the first `<h1>` in the served HTML. */
function servedHeading(html: string): string {
  const inner = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
  return inner
    .replace(/<[^>]+>|<!-- -->/g, '')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
}
