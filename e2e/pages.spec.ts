import { chooseLanguage, expect, open, test } from './fixtures.js';
import { first, lineBreaks, ownerContent, translations } from './support.js';

test.describe('portfolio page', () => {
  test('filters by group with "all" first, and opens an item in an accessible dialog', async ({ page }) => {
    const portfolio = ownerContent('portfolio');
    await open(page, '/portfolio');
    const filters = page.getByRole('group', { name: /./ }).getByRole('button');
    await expect(filters).toHaveText([
      translations.lotin.portfolio.groups.all,
      ...portfolio.groups.map((g) => g.title.lotin),
    ]);
    await expect(filters.first()).toHaveAttribute('aria-pressed', 'true');
    const cards = page.getByRole('main').getByRole('listitem').getByRole('button');
    await expect(cards).toHaveCount(portfolio.items.length);

    const group = portfolio.groups[1] ?? portfolio.groups[0];
    if (!group) throw new Error('content/portfolio.yaml has no groups');
    await filters.filter({ hasText: group.title.lotin }).click();
    await expect(filters.filter({ hasText: group.title.lotin })).toHaveAttribute('aria-pressed', 'true');
    const inGroup = portfolio.items.filter((item) => item.group === group.id);
    await expect(cards).toHaveCount(inGroup.length);

    const item = inGroup[0];
    if (!item) throw new Error(`content/portfolio.yaml has no item in the group ${group.id}`);
    const card = page.getByRole('button', { name: item.title.lotin });
    await card.click();
    const dialog = page.getByRole('dialog', { name: item.title.lotin });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(first(item.description.lotin.split('\n'), 'description'));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card).toBeFocused();

    await chooseLanguage(page, 'russian');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.russian.portfolio.title);
    await expect(filters.first()).toHaveText(translations.russian.portfolio.groups.all);
  });
});

test.describe('about page', () => {
  test('shows every section of the owner content in the chosen language', async ({ page }) => {
    const about = ownerContent('about');
    await open(page, '/about');
    await chooseLanguage(page, 'english');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.english.about.title);
    for (const heading of ['Who I am', 'What I do', 'Experience', 'Education', 'Skills', 'Interests']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    const skills = page.getByRole('region', { name: 'Skills' });
    for (const heading of ['Design', 'Languages', 'Coding', 'Knowledge']) {
      await expect(skills.getByRole('heading', { level: 3, name: heading })).toBeVisible();
    }
    const main = page.getByRole('main');
    await expect(main).toContainText(first(about.custom_text.english.split('\n'), 'custom text'));
    await expect(main).toContainText(first(about.experience, 'experience').title.english);
    await expect(main).toContainText(first(about.education, 'education').place.english);
    await expect(main).toContainText(first(about.services, 'service').title.english);
    await expect(main).toContainText(first(about.interests, 'interest').label.english);
    await expect(main).toContainText(first(about.skills.knowledge, 'knowledge tag').english);
    const design = first(about.skills.design, 'design skill');
    const meter = page.getByRole('meter', { name: design.name });
    await expect(meter).toHaveAttribute('aria-valuenow', String(design.level));
    await expect(
      page.getByRole('meter', { name: first(about.skills.languages, 'language').name.english }),
    ).toBeVisible();
  });
});

test.describe('home page', () => {
  test('presents the owner with photo, intro and calls to action', async ({ page }) => {
    const home = ownerContent('home');
    await open(page, '/');
    await expect(page.getByRole('img', { name: home.photo_alt.lotin })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(home.greeting.lotin);
    await page.getByRole('main').getByRole('link', { name: /./ }).first().click();
    await expect(page).toHaveURL(/\/portfolio$/);
  });

  test('on a phone the highlights share one row, every word whole, in each language', async ({ page }) => {
    const home = ownerContent('home');
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 800 });
      for (const locale of ['lotin', 'russian', 'english'] as const) {
        await open(page, `/?lang=${locale}`);
        const highlights = page.getByRole('main').locator('dl');
        await expect(highlights).toContainText(home.highlights[0]?.label[locale] ?? '');
        // Three in two columns left the third alone on a row, a gap before the footer.
        const { rows, cut } = await highlights.evaluate((list) => {
          const items = [...list.children];
          return {
            rows: new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size,
            cut: items.filter((item) => item.scrollWidth > item.clientWidth).map((item) => item.textContent),
          };
        });
        expect(rows, `${locale} at ${width} px`).toBe(1);
        expect(cut, `${locale} at ${width} px`).toEqual([]);
        // A label wraps between its words only (at 320 px "завершённых" broke as "завершённы" / "х").
        for (const label of await highlights.locator('dt').all()) {
          for (const line of await lineBreaks(label)) expect(line, `${locale} at ${width} px`).toMatch(/\s \/ /);
        }
      }
    }
  });
});
