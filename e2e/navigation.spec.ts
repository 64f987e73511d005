import { readFileSync } from 'node:fs';
import { budget, chooseLanguage, expect, open, test, waitForPage } from './fixtures.js';
import { fullName, recordOverlayStates, siteIdentity, translations } from './support.js';

const { lotin, english } = translations;
type OwnerTexts = typeof import('../src/web/i18n/owner-locales/lotin.json');
const ownerLotin = JSON.parse(readFileSync('src/web/i18n/owner-locales/lotin.json', 'utf8')) as OwnerTexts;

test.describe('routes and navigation (spec §2)', () => {
  test('sets the title to the owner name, a dash and the route title after each navigation, per language', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 10 }));
    await open(page, '/');
    const identity = await siteIdentity(page);
    const menu = page.getByRole('navigation');
    await expect(page).toHaveTitle(`${fullName(identity, 'lotin')} - Bosh sahifa`);
    for (const title of ['Men haqimda', 'Portfolio', "Bog'lanish", 'Bosh sahifa']) {
      await menu.getByRole('link', { name: title, exact: true }).click();
      await expect(page).toHaveTitle(`${fullName(identity, 'lotin')} - ${title}`);
      await expect(menu.getByRole('link', { name: title, exact: true })).toHaveAttribute('aria-current', 'page');
    }
    await chooseLanguage(page, 'english');
    await expect(page).toHaveTitle(`${fullName(identity, 'english')} - ${english.home.title}`);
    for (const title of [english.about.title, english.portfolio.title, english.contact.title]) {
      await menu.getByRole('link', { name: title, exact: true }).click();
      await expect(page).toHaveTitle(`${fullName(identity, 'english')} - ${title}`);
    }
  });

  test('deep links load every route directly with history-mode URLs', async ({ page }) => {
    test.setTimeout(budget({ pages: 3 }));
    for (const [path, heading] of [
      ['/about', lotin.about.title],
      ['/portfolio', lotin.portfolio.title],
      ['/contact', lotin.contact.title],
    ]) {
      const response = await page.goto(path as string);
      expect(response?.status()).toBe(200);
      await waitForPage(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading as string);
    }
  });

  test('shows the loader before home, about and portfolio, and not before contact or the 404 page', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 7 }));
    await open(page, '/contact');
    const menu = page.getByRole('navigation');
    const states = await recordOverlayStates(page);

    await menu.getByRole('link', { name: 'Men haqimda', exact: true }).click();
    // Spec §1: while loading, the overlay covers the whole screen.
    const overlay = page.getByTestId('loading-overlay');
    await expect(overlay).toHaveAttribute('data-state', 'loading');
    const viewport = page.viewportSize();
    expect(await overlay.boundingBox()).toEqual({ x: 0, y: 0, width: viewport?.width, height: viewport?.height });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Men haqimda');
    await waitForPage(page);
    expect(await states()).toEqual(['loading', 'hiding', 'finished']);

    for (const link of ["Bog'lanish"]) {
      const before = (await states()).length;
      await menu.getByRole('link', { name: link, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(link);
      expect((await states()).slice(before)).toEqual([]);
    }
    for (const link of ['Portfolio', 'Bosh sahifa']) {
      const before = (await states()).length;
      await menu.getByRole('link', { name: link, exact: true }).click();
      await waitForPage(page);
      expect((await states()).slice(before)).toContain('loading');
    }
    const before = (await states()).length;
    await page.evaluate(() => {
      history.pushState({}, '', '/missing');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lotin.errors['404'].title);
    expect((await states()).slice(before)).toEqual([]);
  });

  test('moves focus to the new page heading for screen readers', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('navigation').getByRole('link', { name: "Bog'lanish", exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: "Bog'lanish" })).toBeFocused();
  });

  test('scrolls to the top before each navigation', async ({ page }) => {
    test.setTimeout(budget({ pages: 4 }));
    await open(page, '/about');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page
      .getByRole('link', { name: /home page|bosh sahifa/i })
      .first()
      .click();
    await waitForPage(page);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("titles the owner area in the site's order: the owner's name, a dash, then the area's title", async ({
    page,
    allowConsoleErrors,
  }) => {
    // Signed out: the session check answers 401.
    allowConsoleErrors(/status of 401/);
    await page.goto('/owner');
    const identity = await siteIdentity(page);
    await expect(page).toHaveTitle(`${fullName(identity, 'lotin')} - ${ownerLotin.title}`);
  });

  test('answers an unknown path with status 404, the 404 title and one of the six jokes', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 404/);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await waitForPage(page);
    const identity = await siteIdentity(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 – Topilmadi');
    // The big number is the heading's own: the page says 404 once (it stood above "404 – Topilmadi").
    expect((await page.getByRole('main').innerText()).match(/404/g)).toHaveLength(1);
    await expect(page).toHaveTitle(`${fullName(identity, 'lotin')} - 404 – Topilmadi`);
    expect(lotin.errors['404'].joke_descriptions).toContain(await page.getByTestId('joke').textContent());

    await chooseLanguage(page, 'english');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(english.errors['404'].title);
    expect(english.errors['404'].joke_descriptions).toContain(await page.getByTestId('joke').textContent());
  });

  test('chooses the 404 joke at random', async ({ page, allowConsoleErrors }) => {
    test.setTimeout(budget({ pages: 10 }));
    allowConsoleErrors(/status of 404/);
    const jokes = new Set<string | null>();
    for (let visit = 0; visit < 10 && jokes.size < 2; visit++) {
      await page.goto(`/lost-${visit}`);
      jokes.add(await page.getByTestId('joke').textContent());
    }
    // Ten visits showing one joke of six every time would happen about once in ten million runs.
    expect(jokes.size).toBeGreaterThan(1);
  });
});
