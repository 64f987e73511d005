import { expect, open, test } from './fixtures.js';
import { translations } from './support.js';

const { lotin } = translations;

test.describe('layout (spec §2)', () => {
  test('stacks loading overlay, cursor follower, header, page and footer in that order', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, '/');
    const order = await page
      .locator('.app > *')
      .evaluateAll((elements) =>
        elements.map((element) => element.getAttribute('data-testid') ?? element.tagName.toLowerCase()),
      );
    expect(order).toEqual(['loading-overlay', 'cursor-follower', 'header', 'main', 'footer']);
  });

  test('the header has the owner logo linking home, the four menu links, and Notes once a note is published', async ({
    page,
  }) => {
    await open(page, '/contact');
    const header = page.getByRole('banner');
    const identity = JSON.parse((await page.locator('#site-data').textContent()) ?? '{}').identity;
    const logo = header.getByRole('link', {
      name: `${identity.first_name.lotin} ${identity.last_name.lotin}, bosh sahifa`,
    });
    await expect(logo).toContainText(identity.first_name.lotin);
    await expect(logo).toContainText(identity.last_name.lotin);
    // The demo has notes in Uzbek, so the spec's four links have "Qaydlar" (Notes) after Portfolio.
    await expect(page.getByRole('navigation').getByRole('link')).toHaveText([
      'Bosh sahifa',
      'Men haqimda',
      'Portfolio',
      'Qaydlar',
      "Bog'lanish",
    ]);
    await logo.click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('cursor follower (spec §2, §9)', () => {
  test('above 1199 px: 26 px at 0.4, growing to 86 px at 0.1 over links, shrinking again elsewhere', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await open(page, '/');
    const circle = page.getByTestId('cursor-follower').locator('div');
    await page.mouse.move(600, 500);
    const size = () =>
      circle.evaluate((element) => {
        const style = getComputedStyle(element);
        return { width: style.width, opacity: style.opacity, transition: style.transitionDuration };
      });
    await expect.poll(size).toMatchObject({ width: '26px', opacity: '0.4' });
    expect((await size()).transition).toContain('0.5s');
    const link = page.getByRole('navigation').getByRole('link', { name: 'Portfolio' });
    await link.hover();
    await expect.poll(size).toMatchObject({ width: '86px', opacity: '0.1' });
    await page.mouse.move(700, 600);
    await expect.poll(size).toMatchObject({ width: '26px', opacity: '0.4' });
  });

  test('at 1199 px and below it is gone', async ({ page }) => {
    await page.setViewportSize({ width: 1199, height: 800 });
    await open(page, '/');
    await page.mouse.move(500, 400);
    await expect(page.getByTestId('cursor-follower')).toHaveCount(0);
    await page.setViewportSize({ width: 1300, height: 800 });
    await expect(page.getByTestId('cursor-follower')).toHaveCount(1);
    await page.setViewportSize({ width: 1100, height: 800 });
    await expect(page.getByTestId('cursor-follower')).toHaveCount(0);
  });
});

test.describe('fixed header past 100 px (spec §2, §9)', () => {
  test('on pages with several sections header and footer take the fixed style, and the scroll hint fades', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, '/about');
    const header = page.getByRole('banner');
    const footer = page.getByRole('contentinfo');
    const hint = page.getByTestId('scroll-hint');
    await expect(header).toHaveCSS('position', 'absolute');
    await expect(hint).toHaveCSS('opacity', '1');
    // Each step changes the state, so each assertion waits for the scroll to be handled: at 100 px
    // exactly the header is back in place, which an assertion made before any handling could not show.
    await page.evaluate(() => window.scrollTo(0, 101));
    await expect(header).toHaveCSS('position', 'fixed');
    await expect(footer).toHaveAttribute('data-fixed', 'true');
    await expect(hint).toHaveCSS('opacity', '0');
    await page.evaluate(() => window.scrollTo(0, 100));
    await expect(header).toHaveAttribute('data-fixed', 'false');
    await page.evaluate(() => window.scrollTo(0, 101));
    await expect(header).toHaveAttribute('data-fixed', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveCSS('position', 'absolute');
    await expect(footer).toHaveAttribute('data-fixed', 'false');
  });

  test('a single-section page keeps the header in place', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await open(page, '/contact');
    // Scroll, then let the page handle the scroll event and render before looking (a macrotask after two frames).
    await page.evaluate(async () => {
      const scrolled = new Promise((resolve) => window.addEventListener('scroll', resolve, { once: true }));
      window.scrollTo(0, 300);
      await scrolled;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await expect(page.getByRole('banner')).toHaveAttribute('data-fixed', 'false');
    await expect(page.getByTestId('scroll-hint')).toHaveCount(0);
  });
});

test.describe('mobile menu (spec §4)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the burger opens it: social icons hide and the page behind dims; it closes again, also by Escape', async ({
    page,
  }) => {
    await open(page, '/');
    const app = page.locator('.app');
    const burger = page.getByRole('button', { name: lotin.others.menu_open });
    const social = page.getByRole('contentinfo').getByRole('link', { name: /yangi oynada ochiladi/ });
    await expect(social.first()).toBeAttached();
    await expect(app).toHaveClass(/\bloaded\b/);
    await expect(app).toHaveClass(/\bbackground\b/);
    await expect(page.getByRole('navigation')).toBeHidden();

    await burger.click();
    const close = page.getByRole('button', { name: lotin.others.menu_close });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation')).toBeVisible();
    await expect(social).toHaveCount(0);
    await expect(app).not.toHaveClass(/\bloaded\b/);
    await expect(app).not.toHaveClass(/\bbackground\b/);
    await expect(page.getByRole('main')).toHaveCSS('opacity', '0.25');

    await close.click();
    await expect(page.getByRole('navigation')).toBeHidden();
    await expect(app).toHaveClass(/\bloaded\b/);
    await expect(app).toHaveClass(/\bbackground\b/);
    await expect(social.first()).toBeAttached();

    await burger.click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation')).toBeHidden();
    await expect(burger).toBeFocused();
  });

  test('the menu closes before each navigation', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('button', { name: lotin.others.menu_open }).click();
    await page.getByRole('navigation').getByRole('link', { name: "Bog'lanish" }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Bog'lanish");
    await expect(page.getByRole('navigation')).toBeHidden();
    await expect(page.getByRole('button', { name: lotin.others.menu_open })).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('on a touch screen wider than 1199 px', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: true, isMobile: true });

  test('there is no cursor follower', async ({ page }) => {
    await open(page, '/');
    await page.touchscreen.tap(600, 400);
    await expect(page.getByTestId('cursor-follower')).toHaveCount(0);
  });
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the loader and the cursor do not animate', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, '/');
    // At most 1 ms: no visible motion.
    const longest = (durations: string) =>
      Math.max(...durations.split(', ').map((duration) => Number.parseFloat(duration)));
    const line = page.getByTestId('loading-overlay').locator('span').first();
    expect(longest(await line.evaluate((element) => getComputedStyle(element).transitionDuration))).toBeLessThanOrEqual(
      0.001,
    );
    await page.mouse.move(500, 400);
    const circle = page.getByTestId('cursor-follower').locator('div');
    expect(
      longest(await circle.evaluate((element) => getComputedStyle(element).transitionDuration)),
    ).toBeLessThanOrEqual(0.001);
    // Navigation still shows and lifts the loader, at once.
    await page.getByRole('navigation').getByRole('link', { name: 'Men haqimda', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Men haqimda');
  });
});
