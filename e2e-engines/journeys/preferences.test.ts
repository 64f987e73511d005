import { expect, it } from 'vitest';
import { journeys } from '../support/journeys.js';
import { byRole, type SitePage } from '../support/site-page.js';
import { texts } from '../support/texts.js';

const { lotin, russian, english } = texts;
const PREFERENCES = /^\/api\/v1\/visitor\/preferences$/;
/** Spec §4 and §9: 1000 days. */
const THOUSAND_DAYS = `Max-Age=${1000 * 24 * 60 * 60}`;

async function chooseLanguage(page: SitePage, label: string): Promise<void> {
  await page.click(byRole('button', /^(Til|Язык|Language):/));
  await page.click(byRole('option', label));
}

/** The answer that set a cookie, as the proxy saw it: the cookie came from the server, not a script. */
function serverSetCookie(page: SitePage, cookie: string) {
  return page.expectRequest(
    `a PUT of the preferences answered with Set-Cookie ${cookie}`,
    (request) =>
      request.method === 'PUT' &&
      PREFERENCES.test(request.path) &&
      request.status === 200 &&
      request.setCookies.some((header) => header.startsWith(`${cookie};`) && header.includes(THOUSAND_DAYS)),
  );
}

journeys('theme and language', (site) => {
  it('switch, are set by the server as cookies Safari keeps 1000 days, and survive a reload', async () => {
    const page = site();
    await page.open('/about');
    await page.click(byRole('button', lotin.others.theme_to_dark));
    await page.expectHtmlAttribute('data-theme', 'dark');
    await serverSetCookie(page, 'theme=dark');
    expect(await page.cookie('theme')).toBe('dark');

    await chooseLanguage(page, 'Русский');
    await page.expectHtmlAttribute('lang', 'ru');
    await page.expectText(byRole('heading', undefined, { level: 1 }), russian.about.title);
    await serverSetCookie(page, 'locale=russian');
    expect(await page.cookie('locale')).toBe('russian');

    await page.reload();
    await page.expectHtmlAttribute('data-theme', 'dark');
    await page.expectHtmlAttribute('lang', 'ru');
    await page.expectText(byRole('heading', undefined, { level: 1 }), russian.about.title);
    await page.expectVisible(byRole('button', russian.others.theme_to_light));
  });

  it('keep working when the server cannot be told: the page’s own cookies stand', async () => {
    const page = site();
    page.proxy.fail(PREFERENCES);
    // The dropped request is the point of this journey; Chromium logs it as a failed load.
    page.allow(/PUT \/api\/v1\/visitor\/preferences → dropped|ERR_EMPTY_RESPONSE|Failed to load resource/);
    await page.open('/contact');
    await page.click(byRole('button', lotin.others.theme_to_dark));
    await page.expectHtmlAttribute('data-theme', 'dark');
    await chooseLanguage(page, 'English');
    await page.expectText(byRole('heading', undefined, { level: 1 }), english.contact.title);
    await page.expectRequest('the dropped preferences request', (request) => PREFERENCES.test(request.path));
    // Written by the page itself; WebKit stores it a moment later (a reload at once once went without it).
    await page.expectCookie('theme', 'dark');
    await page.expectCookie('locale', 'english');

    await page.reload();
    await page.expectHtmlAttribute('data-theme', 'dark');
    await page.expectHtmlAttribute('lang', 'en');
    await page.expectText(byRole('heading', undefined, { level: 1 }), english.contact.title);
    // The page still works: the theme switches back.
    await page.click(byRole('button', english.others.theme_to_light));
    await page.expectHtmlAttribute('data-theme', 'light');
  });
});
