import { it } from 'vitest';
import { journeys } from '../support/journeys.js';
import { byRole } from '../support/site-page.js';
import { ownerContent, texts } from '../support/texts.js';

const { lotin } = texts;

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
    await page.press('Escape');
    await page.expectHidden(dialog);
    await page.expectFocused(card);
  });
});
