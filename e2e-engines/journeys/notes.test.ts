import { expect, it } from 'vitest';
import { journeys } from '../support/journeys.js';
import { byRole, type Query, type SitePage } from '../support/site-page.js';
import { entryText, entryTexts, ownerName, texts } from '../support/texts.js';

const { lotin, english } = texts;

/** In all three languages, with enough headings for a table of contents. */
const EVERYWHERE = 'contrast-is-a-test';
/** Only in Uzbek and Russian: the English list shows it under "also in". */
const NOT_IN_ENGLISH = 'ozbek-matni-ekranda';

const main = byRole('main');
const h1 = byRole('heading', undefined, { level: 1 });

async function chooseLanguage(page: SitePage, label: string): Promise<void> {
  await page.click(byRole('button', /^(Til|Язык|Language):/));
  await page.click(byRole('option', label));
}

/** Whether the element a query names lies wholly inside the viewport (no regular expressions in it). */
function inViewport(query: Query): string {
  return `(() => {
    const element = window.__engines.find(${JSON.stringify(query)});
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight;
  })()`;
}

journeys('notes', (site) => {
  it('a note opens from the list; its table of contents moves to a heading; its link leads back', async () => {
    const page = site();
    const note = entryText('notes', EVERYWHERE, 'lotin');
    const last = note.headings.at(-1);
    if (!last) throw new Error(`content/notes/${EVERYWHERE}/lotin.md needs headings for its table of contents`);
    await page.open('/notes');
    await page.expectText(h1, lotin.notes.title);
    await page.markDocument();

    await page.click(byRole('link', note.title, { within: main }));
    await page.expectPath(`/notes/${EVERYWHERE}`);
    await page.waitForPage();
    await page.expectText(h1, note.title);
    await page.expectTitle(`${ownerName('lotin')} - ${note.title}`);

    const contents = byRole('navigation', lotin.notes.contents);
    await page.expectCount(byRole('link', undefined, { within: contents }), note.headings.length);
    const heading = byRole('heading', last, { level: 2 });
    const id = await page.driver.evaluate<string | null>(
      `window.__engines.attribute(${JSON.stringify(heading)}, 'id')`,
    );
    expect(id, 'the last heading’s id').toBeTruthy();
    expect(await page.driver.evaluate<boolean>(inViewport(heading)), 'the last heading starts out of view').toBe(false);
    await page.click(byRole('link', last, { within: contents }));
    await page.expectValue('the fragment', 'decodeURIComponent(location.hash)', `#${id}`);
    await page.waitUntil(`the heading “${last}” in view`, inViewport(heading));
    await page.expectPath(`/notes/${EVERYWHERE}`);

    await page.click(byRole('link', lotin.notes.all_notes, { within: main }));
    await page.expectPath('/notes');
    await page.waitForPage();
    await page.expectText(h1, lotin.notes.title);
    // The app moved between the pages; the browser loaded none.
    await page.expectSameDocument();
  });

  it('in English the list shows the English notes, and one written only in Uzbek and Russian under “also in”', async () => {
    const page = site();
    const everywhere = entryTexts('notes', EVERYWHERE);
    const elsewhere = entryTexts('notes', NOT_IN_ENGLISH);
    if (!everywhere.english || elsewhere.english || !elsewhere.lotin) {
      throw new Error(`the demo needs ${EVERYWHERE} in English and ${NOT_IN_ENGLISH} in Uzbek but not English`);
    }
    await page.open('/notes');
    await page.expectVisible(byRole('link', elsewhere.lotin.title, { within: main }));

    await chooseLanguage(page, 'English');
    await page.expectHtmlAttribute('lang', 'en');
    await page.expectText(h1, english.notes.title);
    await page.expectVisible(byRole('link', everywhere.english.title, { within: main }));
    const alsoIn = byRole('region', english.notes.also_in, { within: main });
    const other = byRole('link', elsewhere.lotin.title, { within: alsoIn });
    await page.expectVisible(other);
    // Only there: not among the English notes above it.
    await page.expectCount(byRole('link', elsewhere.lotin.title, { within: main }), 1);
    await page.expectAttribute(other, 'href', `/notes/${NOT_IN_ENGLISH}?lang=lotin`);

    // It opens in the language it is written in.
    await page.click(other);
    await page.expectPath(`/notes/${NOT_IN_ENGLISH}`);
    await page.waitForPage();
    await page.expectText(h1, elsewhere.lotin.title);
  });
});
