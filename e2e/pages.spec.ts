import { chooseLanguage, expect, open, test } from './fixtures.js';
import { translations } from './support.js';

test.describe('portfolio page', () => {
  test('filters by group with "all" first, and opens an item in an accessible dialog', async ({ page, request }) => {
    const portfolio = (await (await request.get('/api/v1/pages/portfolio')).json()).data;
    await open(page, '/portfolio');
    const filters = page.getByRole('group', { name: /./ }).getByRole('button');
    await expect(filters).toHaveText([
      translations.lotin.portfolio.groups.all,
      ...portfolio.groups.map((g: { title: { lotin: string } }) => g.title.lotin),
    ]);
    await expect(filters.first()).toHaveAttribute('aria-pressed', 'true');
    const cards = page.getByRole('main').getByRole('listitem').getByRole('button');
    await expect(cards).toHaveCount(portfolio.items.length);

    const group = portfolio.groups[1] ?? portfolio.groups[0];
    await filters.filter({ hasText: group.title.lotin }).click();
    await expect(filters.filter({ hasText: group.title.lotin })).toHaveAttribute('aria-pressed', 'true');
    const inGroup = portfolio.items.filter((item: { group: string }) => item.group === group.id);
    await expect(cards).toHaveCount(inGroup.length);

    const item = inGroup[0];
    const card = page.getByRole('button', { name: item.title.lotin });
    await card.click();
    const dialog = page.getByRole('dialog', { name: item.title.lotin });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(item.description.lotin.split('\n')[0]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card).toBeFocused();

    await chooseLanguage(page, 'russian');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.russian.portfolio.title);
    await expect(filters.first()).toHaveText(translations.russian.portfolio.groups.all);
  });
});

test.describe('about page', () => {
  test('shows every section of the owner content in the chosen language', async ({ page, request }) => {
    const about = (await (await request.get('/api/v1/pages/about')).json()).data;
    await open(page, '/about');
    await chooseLanguage(page, 'english');
    const sections = translations.english;
    for (const heading of ['Who I am', 'What I do', 'Experience', 'Education', 'Skills', 'Interests']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    const skills = page.getByRole('region', { name: 'Skills' });
    for (const heading of ['Design', 'Languages', 'Coding', 'Knowledge']) {
      await expect(skills.getByRole('heading', { level: 3, name: heading })).toBeVisible();
    }
    expect(sections.about.title).toBe('About me');
    const main = page.getByRole('main');
    await expect(main).toContainText(about.custom_text.english.split('\n')[0]);
    await expect(main).toContainText(about.experience[0].title.english);
    await expect(main).toContainText(about.education[0].place.english);
    await expect(main).toContainText(about.services[0].title.english);
    await expect(main).toContainText(about.interests[0].label.english);
    await expect(main).toContainText(about.skills.knowledge[0].english);
    const meter = page.getByRole('meter', { name: about.skills.design[0].name });
    await expect(meter).toHaveAttribute('aria-valuenow', String(about.skills.design[0].level));
    await expect(page.getByRole('meter', { name: about.skills.languages[0].name.english })).toBeVisible();
  });
});

test.describe('home page', () => {
  test('presents the owner with photo, intro and calls to action', async ({ page, request }) => {
    const home = (await (await request.get('/api/v1/pages/home')).json()).data;
    await open(page, '/');
    await expect(page.getByRole('img', { name: home.photo_alt.lotin })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(home.greeting.lotin);
    await page.getByRole('main').getByRole('link', { name: /./ }).first().click();
    await expect(page).toHaveURL(/\/portfolio$/);
  });
});
