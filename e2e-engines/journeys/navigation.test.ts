import { it } from 'vitest';
import { journeys } from '../support/journeys.js';
import { byRole, type SitePage } from '../support/site-page.js';
import { ownerName, texts } from '../support/texts.js';

const { lotin } = texts;
const menu = byRole('navigation');
const burger = byRole('button', lotin.others.menu_open);

/** Follows a header link as a person would at this size: on a phone the menu is behind the burger. */
async function follow(page: SitePage, link: string, onPhone: boolean): Promise<void> {
  if (onPhone) await page.click(burger);
  await page.click(byRole('link', link, { within: menu }));
}

journeys('navigation', (site, size) => {
  const onPhone = size === 'phone';

  it('the header links move between pages inside the app, each with its title', async () => {
    const page = site();
    await page.open('/');
    await page.markDocument();
    for (const { title, path, heading = title } of [
      { title: lotin.about.title, path: '/about' },
      { title: lotin.portfolio.title, path: '/portfolio' },
      { title: lotin.contact.title, path: '/contact' },
      { title: lotin.home.title, path: '/', heading: ownerName('lotin') },
    ]) {
      await follow(page, title, onPhone);
      await page.expectPath(path);
      await page.expectTitle(`${ownerName('lotin')} - ${title}`);
      await page.expectText(byRole('heading', undefined, { level: 1 }), heading);
      // On a phone the menu closed as the page changed.
      if (!onPhone) await page.expectAttribute(byRole('link', title, { within: menu }), 'aria-current', 'page');
    }
    // The same document all along: the app navigated, the browser did not load a page.
    await page.expectSameDocument();
  });

  if (onPhone) {
    it('the burger opens the menu, which closes by its button, by Escape, and before a navigation', async () => {
      const page = site();
      await page.open('/');
      await page.expectHidden(menu);
      await page.click(burger);
      const close = byRole('button', lotin.others.menu_close);
      await page.expectAttribute(close, 'aria-expanded', 'true');
      await page.expectVisible(menu);
      await page.click(close);
      await page.expectHidden(menu);

      await page.click(burger);
      await page.expectVisible(menu);
      await page.press('Escape');
      await page.expectHidden(menu);
      await page.expectFocused(burger);

      await follow(page, lotin.contact.title, true);
      await page.waitForPage();
      await page.expectText(byRole('heading', undefined, { level: 1 }), lotin.contact.title);
      await page.expectHidden(menu);
      await page.expectAttribute(burger, 'aria-expanded', 'false');
    });
  } else {
    it('the menu stands in the header with no burger, as wide screens show it', async () => {
      const page = site();
      await page.open('/');
      await page.expectVisible(menu);
      await page.expectHidden(burger);
      for (const title of [lotin.home.title, lotin.about.title, lotin.portfolio.title, lotin.contact.title]) {
        await page.expectVisible(byRole('link', title, { within: menu }));
      }
    });
  }
});
