import { expect, it } from 'vitest';
import { journeys, SIZES } from '../support/journeys.js';
import { byRole } from '../support/site-page.js';
import { ownerName, texts } from '../support/texts.js';

const { lotin } = texts;

/** Each page with its title; the home page's heading is the owner's name, the others' their title. */
const PAGES = [
  { path: '/', title: lotin.home.title, heading: ownerName('lotin') },
  { path: '/about', title: lotin.about.title, heading: lotin.about.title },
  { path: '/portfolio', title: lotin.portfolio.title, heading: lotin.portfolio.title },
  { path: '/contact', title: lotin.contact.title, heading: lotin.contact.title },
];

journeys('every page', (site, size) => {
  it('each page renders on the server and is taken over with no error, with its title and heading', async () => {
    const page = site();
    for (const { path, title, heading } of PAGES) {
      await page.open(path);
      await page.expectValue('the viewport', '[innerWidth, innerHeight]', [SIZES[size].width, SIZES[size].height]);
      await page.expectTitle(`${ownerName('lotin')} - ${title}`);
      await page.expectText(byRole('heading', undefined, { level: 1 }), heading);
    }
  });

  it('an unknown address answers the 404 page, taken over with no error', async () => {
    const page = site();
    // The page itself answers 404 by design; browsers that log a failed load say so in the console.
    page.allow(/GET \/missing-page → 404|status of 404/);
    await page.open('/missing-page');
    const notFound = lotin.errors['404'].title;
    await page.expectTitle(`${ownerName('lotin')} - ${notFound}`);
    await page.expectText(byRole('heading', undefined, { level: 1 }), notFound);
    await page.click(byRole('link', lotin.errors['404'].back_home));
    await page.expectPath('/');
  });

  it('errors reach the journey in every engine, WebKit included (where WebDriver reports none)', async () => {
    const page = site();
    await page.open('/');
    await page.driver.evaluate(
      "(console.error('probe: logged'), setTimeout(() => { throw new Error('probe: thrown'); }), fetch('/api/v1/pages/nothing').catch(() => undefined), true)",
    );
    await page.waitUntil('the request to fail', 'true');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const problems = await page.problems();
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/console\.error on \/: probe: logged/),
        expect.stringMatching(/page error on \/: .*probe: thrown/),
        expect.stringMatching(/request failed: GET \/api\/v1\/pages\/nothing → 404/),
      ]),
    );
    page.allow(/probe: |\/api\/v1\/pages\/nothing|status of 404/);
  });
});
