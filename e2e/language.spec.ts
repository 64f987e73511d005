import { budget, chooseLanguage, expect, open, readSetting, test, writeSetting } from './fixtures.js';
import { translations } from './support.js';

test.describe('language (spec §4, §9)', () => {
  test('starts in lotin, saving it in IndexedDB app-settings v1, store settings-store', async ({ page }) => {
    await open(page, '/');
    await expect(page.locator('.app')).toHaveClass(/\blotin\b/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz-Latn');
    expect(await readSetting(page, 'locale')).toBe('lotin');
    const database = await page.evaluate(async () => {
      const databases = await indexedDB.databases();
      const request = indexedDB.open('app-settings');
      const db = await new Promise<IDBDatabase>((resolve) => {
        request.onsuccess = () => resolve(request.result);
      });
      const result = { databases, stores: [...db.objectStoreNames] };
      db.close();
      return result;
    });
    expect(database.databases).toContainEqual({ name: 'app-settings', version: 1 });
    expect(database.stores).toEqual(['settings-store']);
  });

  test('switches the whole interface at once and remembers the choice', async ({ page }) => {
    test.setTimeout(budget({ pages: 4 }));
    await open(page, '/about');
    await chooseLanguage(page, 'russian');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.russian.about.title);
    await expect(
      page.getByRole('navigation').getByRole('link', { name: translations.russian.contact.title }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.locator('.app')).toHaveClass(/\brussian\b/);
    await expect(page.locator('.app')).not.toHaveClass(/\blotin\b/);
    await expect.poll(() => readSetting(page, 'locale')).toBe('russian');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.russian.about.title);

    await chooseLanguage(page, 'english');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.english.about.title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect.poll(() => readSetting(page, 'locale')).toBe('english');
  });

  test('resets an unknown saved locale to lotin', async ({ page }) => {
    await open(page, '/contact');
    await writeSetting(page, 'locale', 'klingon');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Bog'lanish");
    await expect.poll(() => readSetting(page, 'locale')).toBe('lotin');
  });

  test('offers each language with a flag and a label, and works by keyboard', async ({ page }) => {
    await open(page, '/contact');
    const button = page.getByRole('button', { name: "Til: O'zbek" });
    await button.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('listbox');
    await expect(list).toBeFocused();
    const options = list.getByRole('option');
    await expect(options).toHaveText(["O'zbek", 'Русский', 'English']);
    for (const option of await options.all()) await expect(option.locator('img')).toHaveAttribute('src', /\.svg$/);
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translations.english.contact.title);
    await expect(page.getByRole('button', { name: 'Language: English' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
  });
});
