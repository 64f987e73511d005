import { execFileSync } from 'node:child_process';
import { budget, chooseLanguage, expect, open, test } from './fixtures.js';
import { ownerContent, translations } from './support.js';

test.describe('the CV a recruiter can take away', () => {
  test('downloads the Russian PDF from the about page with the keyboard, named after the owner', async ({
    page,
  }, testInfo) => {
    test.setTimeout(budget({ pages: 3 }));
    await open(page, '/about');
    await chooseLanguage(page, 'russian');
    const link = page.getByRole('link', { name: translations.russian.cv.download });
    await expect(link).toHaveAttribute('href', '/cv/russian.pdf');

    // Reached by Tab like any link, and followed with Enter.
    await page.getByRole('heading', { level: 1 }).focus();
    await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);

    const identity = ownerContent('identity');
    expect(download.suggestedFilename()).toBe(`${identity.first_name.russian}-${identity.last_name.russian}-CV-ru.pdf`);
    const file = testInfo.outputPath('cv.pdf');
    await download.saveAs(file);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/^Pages:\s+[12]$/m);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain(identity.role.russian);
  });

  test('offers the CV on the home page too, in both themes', async ({ page, context }) => {
    test.setTimeout(budget({ pages: 2 }));
    await open(page, '/?lang=english');
    const link = page.getByRole('link', { name: translations.english.cv.download });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '/cv/english.pdf');
    const colours = async () =>
      link.evaluate((element) => {
        const style = getComputedStyle(element);
        return { color: style.color, border: style.borderColor };
      });
    const light = await colours();
    await context.addCookies([{ name: 'theme', value: 'dark', url: page.url() }]);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(link).toBeVisible();
    expect(await colours()).not.toEqual(light);
  });
});
