import { it } from 'vitest';
import { journeys } from '../support/journeys.js';
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

journeys('every page', (site) => {
  it('each page renders on the server and is taken over with no error, with its title and heading', async () => {
    const page = site();
    for (const { path, title, heading } of PAGES) {
      await page.open(path);
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
});
