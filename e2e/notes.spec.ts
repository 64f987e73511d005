import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { expectNoAxeViolations } from './axe.js';
import { budget, chooseLanguage, expect, LOCALE_LABEL, open, test, waitForPage } from './fixtures.js';
import { fullName, siteIdentity, translations } from './support.js';

type Locale = keyof typeof translations;

/** A demo note's front matter and the headings of its body, as the owner wrote them in content/notes/. */
function noteFile(
  slug: string,
  locale: Locale,
): { title: string; summary: string; tags: string[]; headings: string[] } {
  const text = readFileSync(`content/notes/${slug}/${locale}.md`, 'utf8');
  const [, frontMatter = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
  const fields = parse(frontMatter) as { title: string; summary: string; tags: string[] };
  const headings = [...body.matchAll(/^#{2,3} (.+)$/gm)].map((match) => match[1] ?? '');
  return { ...fields, headings };
}

/** In three languages, four headings: the table of contents is shown. */
const EVERYWHERE = 'contrast-is-a-test';
/** Only in Uzbek and Russian: "also in" on the English list, and no English page. */
const NOT_IN_ENGLISH = 'ozbek-matni-ekranda';

test.describe('notes (issue 27)', () => {
  test('lists the notes of the visitor’s language, and the others under “also in”, in two languages', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 3 }));
    await open(page, '/notes?lang=english');
    const english = noteFile(EVERYWHERE, 'english');
    const uzbek = noteFile(NOT_IN_ENGLISH, 'lotin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.english.notes.title);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: english.title })).toBeVisible();
    await expect(main.getByRole('link', { name: english.title })).toHaveAttribute('href', `/notes/${EVERYWHERE}`);
    await expect(main.getByRole('article', { name: english.title })).toContainText('4 min read');
    await expect(main.getByRole('article', { name: english.title })).toContainText('September 18, 2026');
    // The note written only in Uzbek and Russian: under the list, in its first language, named.
    const elsewhere = main.getByRole('region', { name: translations.english.notes.also_in });
    const other = elsewhere.getByRole('article', { name: uzbek.title });
    await expect(other).toContainText(`${translations.english.others.language}: ${LOCALE_LABEL.lotin}`);
    await expect(other.getByRole('link', { name: uzbek.title })).toHaveAttribute(
      'href',
      `/notes/${NOT_IN_ENGLISH}?lang=lotin`,
    );
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Notes' }),
    ).toHaveAttribute('aria-current', 'page');

    // Another language: the list follows at once, newest first, with nothing left "elsewhere".
    await chooseLanguage(page, 'russian');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.russian.notes.title);
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      noteFile(NOT_IN_ENGLISH, 'russian').title,
      noteFile(EVERYWHERE, 'russian').title,
    ]);
    await expect(main.getByRole('region', { name: translations.russian.notes.also_in })).toHaveCount(0);
    await expect(main.getByRole('article').first()).toContainText('2 минуты чтения');
    await expect(main.getByRole('article', { name: noteFile(EVERYWHERE, 'russian').title })).toContainText(
      '18 сентября 2026 г.',
    );
    // Uzbek in its own words: browsers have none (Chromium wrote "2026 M09 18" over the server's date).
    await chooseLanguage(page, 'lotin');
    await expect(main.getByRole('article', { name: noteFile(EVERYWHERE, 'lotin').title })).toContainText(
      '18-sentabr, 2026',
    );
  });

  test('opens a note from the list: its title, reading time, table of contents and the way back', async ({ page }) => {
    test.setTimeout(budget({ pages: 3 }));
    await open(page, '/notes?lang=english');
    const identity = await siteIdentity(page);
    const note = noteFile(EVERYWHERE, 'english');
    await page.getByRole('main').getByRole('link', { name: note.title }).click();
    await waitForPage(page);
    await expect(page).toHaveURL(new RegExp(`/notes/${EVERYWHERE}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(note.title);
    await expect(page).toHaveTitle(`${fullName(identity, 'english')} - ${note.title}`);
    const article = page.getByRole('article', { name: note.title });
    await expect(article).toContainText('4 min read');
    for (const tag of note.tags) await expect(article.getByRole('link', { name: `#${tag}` })).toBeVisible();
    // The header's "Notes" stays marked under /notes.
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Notes' }),
    ).toHaveAttribute('aria-current', 'page');

    const contents = page.getByRole('navigation', { name: translations.english.notes.contents });
    await expect(contents.getByRole('link')).toHaveText(note.headings);
    // The contents' box is as wide as the text under it (it ended 60 px short of the paragraphs).
    const edges = await article.evaluate((element) => {
      const right = (selector: string) => element.querySelector(selector)?.getBoundingClientRect().right ?? Number.NaN;
      return { contents: right('nav[aria-labelledby="contents-title"]'), text: right('h2 ~ p, h2 + p') };
    });
    expect(Math.abs(edges.contents - edges.text)).toBeLessThan(2);
    const last = note.headings.at(-1) ?? '';
    await contents.getByRole('link', { name: last }).click();
    const heading = page.getByRole('heading', { level: 2, name: last });
    await expect(heading).toBeInViewport();
    await expect(page).toHaveURL(/#.+$/);
    expect(new URL(page.url()).hash).toBe(`#${await heading.getAttribute('id')}`);

    await article.getByRole('link', { name: translations.english.notes.all_notes }).last().click();
    await waitForPage(page);
    await expect(page).toHaveURL(/\/notes$/);
  });

  test('filters by a tag with links, the current one marked', async ({ page }) => {
    test.setTimeout(budget({ pages: 3 }));
    await open(page, '/notes?lang=lotin');
    const tags = page.getByRole('navigation', { name: translations.lotin.notes.tags_label });
    await expect(tags.getByRole('link', { name: translations.lotin.notes.all_tags })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(2);
    const [tag] = noteFile(NOT_IN_ENGLISH, 'lotin').tags;
    await tags.getByRole('link', { name: new RegExp(`^#${tag}\\b`) }).click();
    await waitForPage(page);
    await expect(page).toHaveURL(new RegExp(`/notes\\?tag=${tag}$`));
    await expect(tags.getByRole('link', { name: new RegExp(`^#${tag}\\b`) })).toHaveAttribute('aria-current', 'page');
    await expect(tags.getByRole('link', { name: translations.lotin.notes.all_tags })).not.toHaveAttribute(
      'aria-current',
    );
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      noteFile(NOT_IN_ENGLISH, 'lotin').title,
    ]);
  });

  test('“also in” opens the note in its own language', async ({ page }) => {
    test.setTimeout(budget({ pages: 2 }));
    await open(page, '/notes?lang=english');
    const uzbek = noteFile(NOT_IN_ENGLISH, 'lotin');
    await page.getByRole('link', { name: uzbek.title }).click();
    await waitForPage(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(uzbek.title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz-Latn');
    await expect(page.locator('.app')).toHaveClass(/\blotin\b/);
  });

  test('a note missing in English answers the 404 page with status 404', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    const response = await page.goto(`/notes/${NOT_IN_ENGLISH}?lang=english`);
    expect(response?.status()).toBe(404);
    await waitForPage(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.english.errors['404'].title);
    const identity = await siteIdentity(page);
    await expect(page).toHaveTitle(`${fullName(identity, 'english')} - ${translations.english.errors['404'].title}`);
    // Switching to a language it is written in shows it.
    await chooseLanguage(page, 'russian');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(noteFile(NOT_IN_ENGLISH, 'russian').title);
  });

  test('is read whole without JavaScript, as the server renders it', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const note = noteFile(EVERYWHERE, 'russian');
    await page.goto(`/notes/${EVERYWHERE}?lang=russian`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(note.title);
    await expect(
      page.getByRole('navigation', { name: translations.russian.notes.contents }).getByRole('link'),
    ).toHaveText(note.headings);
    await expect(page.getByRole('heading', { level: 2, name: note.headings[0] })).toBeVisible();
    await page.goto('/notes?lang=russian');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(2);
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [320, 1280]) {
      test(`no serious or critical axe violations on the notes and a note (${theme}, ${width} px)`, async ({
        page,
        context,
        baseURL,
      }) => {
        test.setTimeout(budget({ pages: 2, scans: 2 }));
        await context.addCookies([{ name: 'theme', value: theme, url: baseURL ?? '' }]);
        await page.setViewportSize({ width, height: 800 });
        for (const path of ['/notes?lang=english', `/notes/${EVERYWHERE}?lang=russian`]) {
          await open(page, path);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
          await expectNoAxeViolations(page, `${path} (${theme}, ${width} px)`, {
            exclude: '[data-testid="loading-overlay"]',
          });
        }
      });
    }
  }
});
