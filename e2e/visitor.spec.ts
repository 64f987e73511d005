import type { Request } from '@playwright/test';
import { budget, expect, open, readSetting, test, waitForPage, writeSetting } from './fixtures.js';

const MOBILE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * Makes IndexedDB answer the opening of a database late (`delay` in ms, or never), as on a busy
 * phone: the first success event is held back and sent again once the time is up.
 */
function slowIndexedDb(delay: number | 'never') {
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
    const request = open.apply(this, args);
    let released = false;
    // Registered first, so it runs before the page's own listeners and can stop them.
    request.addEventListener('success', (event) => {
      if (released) return;
      event.stopImmediatePropagation();
      if (delay === 'never') return;
      setTimeout(() => {
        released = true;
        request.dispatchEvent(new Event('success'));
      }, delay);
    });
    return request;
  };
}

const visitorPath = (request: Request) => new URL(request.url()).pathname.startsWith('/api/v1/visitor/');

function apiRequests(page: import('@playwright/test').Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/')) requests.push(request);
  });
  return requests;
}

test.describe('visitor statistics (spec §4, §7)', () => {
  test('a new visitor is checked, created and its token stored as visitorKey', async ({ page }) => {
    const requests = apiRequests(page);
    await open(page, '/');
    await expect.poll(() => readSetting(page, 'visitorKey')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const paths = requests.map((request) => `${request.method()} ${new URL(request.url()).pathname}`);
    expect(paths).toContain('GET /api/v1/visitor/check');
    expect(paths).toContain('GET /api/v1/visitor/create/web');
    expect(paths.indexOf('GET /api/v1/visitor/check')).toBeLessThan(paths.indexOf('GET /api/v1/visitor/create/web'));
    expect(paths.some((path) => path.startsWith('POST /api/v1/visitor/visit'))).toBe(false);
  });

  test('a known visitor records a visit, and every request carries X-Visitor-Key and X-Device', async ({
    page,
    context,
    baseURL,
  }) => {
    await open(page, '/');
    await expect.poll(() => readSetting(page, 'visitorKey')).toBeTruthy();
    const key = await readSetting(page, 'visitorKey');
    await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL ?? '' }]);

    const requests = apiRequests(page);
    const visit = page.waitForResponse((response) => response.url().endsWith('/api/v1/visitor/visit/web'));
    await page.reload();
    expect((await visit).status()).toBe(200);
    await page.getByRole('navigation').getByRole('link', { name: 'Men haqimda', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Men haqimda');

    const paths = requests.map((request) => `${request.method()} ${new URL(request.url()).pathname}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/v1/visitor/check',
        'POST /api/v1/visitor/visit/web',
        'GET /api/v1/pages/about',
      ]),
    );
    expect(paths).not.toContain('GET /api/v1/visitor/create/web');
    for (const request of requests) {
      const headers = await request.allHeaders();
      expect(headers['x-visitor-key'], request.url()).toBe(key);
      expect(headers['x-device'], request.url()).toBe('web');
      // Requests send credentials: the theme cookie goes along. A content section may come from the
      // browser's HTTP cache (it is sent with a short max-age), and then no request reaches the server.
      const fromCache = (await (await request.response())?.headerValue('cache-control'))?.includes('max-age=');
      if (!fromCache) expect(headers.cookie, request.url()).toContain('theme=dark');
    }
    const body = requests.find((request) => request.url().endsWith('/visitor/visit/web'))?.postDataJSON();
    expect(body).toMatchObject({ path: '/', locale: 'lotin', theme: 'dark' });
  });

  test('an unknown stored key makes a new visitor', async ({ page }) => {
    await open(page, '/');
    await expect.poll(() => readSetting(page, 'visitorKey')).toBeTruthy();
    await writeSetting(page, 'visitorKey', 'Z'.repeat(43));
    const created = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/visitor/create/web',
    );
    await page.reload();
    // The first visit's page, language and theme travel with the create call.
    expect(Object.fromEntries(new URL((await created).url()).searchParams)).toMatchObject({
      path: '/',
      locale: 'lotin',
    });
    await expect.poll(() => readSetting(page, 'visitorKey')).not.toBe('Z'.repeat(43));
  });

  test('a returning visitor whose settings answer after the take-over is still the same visitor', async ({ page }) => {
    test.setTimeout(budget({ pages: 3 }));
    await open(page, '/');
    await expect.poll(() => readSetting(page, 'visitorKey')).toBeTruthy();
    const key = await readSetting(page, 'visitorKey');

    // 3 s: past the 2 s the take-over waits for the settings.
    await page.addInitScript(slowIndexedDb, 3000);
    const requests = apiRequests(page);
    await page.reload();
    await waitForPage(page);
    // Once the read answers, the stored key is checked and the visit recorded under it.
    const visitorRequests = () => requests.filter(visitorPath);
    await expect
      .poll(() => visitorRequests().map((request) => `${request.method()} ${new URL(request.url()).pathname}`), {
        timeout: 10_000,
      })
      .toEqual(['GET /api/v1/visitor/check', 'POST /api/v1/visitor/visit/web']);
    for (const request of visitorRequests()) expect((await request.allHeaders())['x-visitor-key']).toBe(key);
    expect(await readSetting(page, 'visitorKey')).toBe(key);
  });

  test('a settings store that never answers records nothing rather than a new visitor', async ({ page }) => {
    test.setTimeout(budget({ pages: 2 }));
    await open(page, '/');
    await expect.poll(() => readSetting(page, 'visitorKey')).toBeTruthy();

    await page.addInitScript<number | 'never'>(slowIndexedDb, 'never');
    const requests = apiRequests(page);
    await page.reload();
    // The page is taken over once the 2 s limit passes; statistics would have started by then.
    await waitForPage(page);
    await page.waitForTimeout(2000);
    expect(requests.filter(visitorPath).map((request) => new URL(request.url()).pathname)).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({ userAgent: MOBILE_USER_AGENT, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the device is mobile', async ({ page }) => {
    const created = page.waitForRequest((request) => request.url().includes('/api/v1/visitor/create/'));
    await open(page, '/contact');
    expect(new URL((await created).url()).pathname).toBe('/api/v1/visitor/create/mobile');
    await expect.poll(() => readSetting(page, 'visitorKey')).toBeTruthy();
    // The portfolio page comes rendered with its content; the footer is fetched by the browser.
    const next = page.waitForRequest((request) => request.url().includes('/api/v1/visitor/visit/mobile'));
    await page.goto('/portfolio');
    expect((await (await next).allHeaders())['x-device']).toBe('mobile');
  });
});
