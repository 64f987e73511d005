import { expect, it } from 'vitest';
import { journeys } from '../support/journeys.js';
import { byRole } from '../support/site-page.js';
import { entryText, ownerContent, ownerName, texts } from '../support/texts.js';

const { lotin } = texts;
const h1 = byRole('heading', undefined, { level: 1 });
/** The loading overlay's state: `finished` when it is down and takes no clicks. */
const LOADER_STATE = `document.querySelector('[data-testid="loading-overlay"]')?.getAttribute('data-state') ?? null`;

/** A portfolio item with a project entry of its own (content/projects/<slug>/). */
const PROJECT = 'kamalak-design-system';

journeys('the portfolio', (site) => {
  it('filters by group, opens a work in a dialog that Escape closes, and gives focus back', async () => {
    const page = site();
    const { groups, items } = ownerContent('portfolio');
    const group = groups[1] ?? groups[0];
    const item = items.find((candidate) => candidate.group === group?.id);
    if (!group || !item) throw new Error('content/portfolio.yaml needs a group with a work in it');
    await page.open('/portfolio');

    const filter = byRole('button', group.title.lotin);
    await page.click(filter);
    await page.expectAttribute(filter, 'aria-pressed', 'true');
    await page.expectAttribute(byRole('button', lotin.portfolio.groups.all), 'aria-pressed', 'false');
    await page.expectCount(
      byRole('button', undefined, { within: byRole('list', undefined, { within: byRole('main') }) }),
      items.filter((candidate) => candidate.group === group.id).length,
    );

    const card = byRole('button', item.title.lotin);
    await page.click(card);
    const dialog = byRole('dialog', item.title.lotin);
    await page.expectVisible(dialog);
    await page.expectVisible(byRole('heading', item.title.lotin, { within: dialog }));
    // The open dialog has the project's address; closing it leaves it.
    await page.expectPath(`/portfolio/${item.id}`);
    await page.press('Escape');
    await page.expectHidden(dialog);
    await page.expectFocused(card);
    await page.expectPath('/portfolio');
  });

  it('Back closes a work’s dialog; the dialog’s link and the address itself open the project’s page', async () => {
    const page = site();
    const item = ownerContent('portfolio').items.find((candidate) => candidate.id === PROJECT);
    if (!item) throw new Error(`content/portfolio.yaml has no ${PROJECT}`);
    const project = entryText('projects', PROJECT, 'lotin');
    await page.open('/portfolio');
    await page.markDocument();

    const card = byRole('button', item.title.lotin);
    const dialog = byRole('dialog', item.title.lotin);
    await page.click(card);
    await page.expectVisible(dialog);
    await page.expectPath(`/portfolio/${PROJECT}`);
    // The browser's Back, as its button does it.
    await page.driver.evaluate('history.back()');
    await page.expectHidden(dialog);
    await page.expectPath('/portfolio');
    // The page under the dialog stayed: the router did not navigate, so its loader did not come.
    expect(await page.driver.evaluate<string | null>(LOADER_STATE), 'the loader after Back').toBe('finished');
    await page.expectText(h1, lotin.portfolio.title);
    await page.expectVisible(card);

    // The dialog's link opens the page in the dialog's place: Back returns to the grid.
    await page.click(card);
    await page.click(byRole('link', lotin.portfolio.open_page, { within: dialog }));
    await page.expectPath(`/portfolio/${PROJECT}`);
    await page.waitForPage();
    await page.expectText(h1, project.title);
    await page.expectHidden(dialog);
    await page.driver.evaluate('history.back()');
    await page.expectPath('/portfolio');
    await page.waitForPage();
    await page.expectText(h1, lotin.portfolio.title);
    // All along the app moved, the browser loaded no page.
    await page.expectSameDocument();

    // The address itself, opened directly, is the project's own page, rendered on the server.
    await page.open(`/portfolio/${PROJECT}`);
    await page.expectTitle(`${ownerName('lotin')} - ${project.title}`);
    await page.expectText(h1, project.title);
    await page.click(byRole('link', lotin.portfolio.all_projects, { within: byRole('main') }));
    await page.expectPath('/portfolio');
    await page.waitForPage();
    await page.expectText(h1, lotin.portfolio.title);
  });
});
