import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './axe.js';
import { budget, expect, open, test } from './fixtures.js';
import { ageOwnerAuthentication, OWNER_PASSWORD, ownerTexts, signIn, useOwnerPassword } from './owner-support.js';
import { type StudioTexts, saved, studioTexts } from './studio-support.js';
import { lineBreaks } from './support.js';

const en = studioTexts.english;
const ru = studioTexts.russian;
const owner = ownerTexts.english;

/** Signs in (in `locale`) and opens one section's form through the Site area's links, as the owner does. */
async function openSection(
  page: Page,
  section: keyof StudioTexts['sections'],
  locale: 'english' | 'russian' = 'english',
) {
  const texts = studioTexts[locale];
  await signIn(page, locale);
  await page
    .getByRole('navigation', { name: ownerTexts[locale].nav.label })
    .getByRole('link', { name: ownerTexts[locale].nav.site })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
  await page.getByRole('link', { name: texts.sections[section], exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts.sections[section] })).toBeVisible();
}

/** The visible home page's greeting line, in one language, as a visitor sees it. */
async function homeText(page: Page, locale: string): Promise<string> {
  await open(page, `/?lang=${locale}`);
  return (await page.locator('main').textContent()) ?? '';
}

// One owner, one draft, one history: these tests build on each other in order.
test.describe.configure({ mode: 'serial' });

test.describe('the content studio', () => {
  useOwnerPassword();

  // Before signing in, the owner area asks for the session and the browser logs its 401. The preview
  // is a sandboxed frame that runs no script, which Chromium reports.
  test.beforeEach(({ allowConsoleErrors }) => {
    allowConsoleErrors(/status of 401/);
    allowConsoleErrors(/sandboxed/);
  });

  test('changing the Russian greeting shows in the preview, and once published on the live site alone', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 8 }));
    const before = { lotin: await homeText(page, 'lotin'), english: await homeText(page, 'english') };
    await openSection(page, 'home');

    const greeting = page.getByRole('textbox', { name: `${en.fields.greeting} ${en.languages.russian}` });
    await expect(greeting).toHaveValue('Привет, я');
    await saved(page, () => greeting.fill('Здравствуйте, я'));

    // The preview is the real page from the draft, in the language chosen for it.
    const preview = page.getByRole('region', { name: en.preview.title });
    await preview
      .getByRole('group', { name: en.preview.language })
      .getByRole('button', { name: en.languages.russian })
      .click();
    await expect(page.frameLocator(`iframe[title="${en.preview.frame}"]`).locator('main')).toContainText(
      'Здравствуйте, я',
    );
    // Not live yet.
    expect(await homeText(page, 'russian')).toContain('Привет, я');

    // Opening the visitor page with ?lang= chose Russian for the browser: back to English here.
    await page.goto('/owner/site?lang=english');
    await page
      .getByRole('region', { name: en.publish_bar.label })
      .getByRole('button', { name: en.publish_bar.open })
      .click();
    await page.getByRole('dialog').getByLabel(en.publish.note).fill('A warmer greeting');
    await page.getByRole('dialog').getByRole('button', { name: en.publish.submit, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: en.publish.published.split('{{')[0] })).toBeVisible();

    // Live without a restart, in Russian only.
    const russian = await homeText(page, 'russian');
    expect(russian).toContain('Здравствуйте, я');
    expect(russian).not.toContain('Привет, я');
    expect(await homeText(page, 'lotin')).toBe(before.lotin);
    expect(await homeText(page, 'english')).toBe(before.english);
  });

  test('an emptied required field shows its error in the interface language; publishing is refused with a link to it', async ({
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(budget({ pages: 6 }));
    allowConsoleErrors(/status of 422/);
    // The preview frame asked for just before the emptied field is saved may be answered with the
    // draft's 422, which may not be framed; the studio then hides the frame until the draft is valid.
    allowConsoleErrors(/frame-ancestors|content\/preview/);
    await openSection(page, 'identity', 'russian');
    const role = page.getByRole('textbox', { name: `${ru.fields.role} ${en.languages.english}` });
    const before = await role.inputValue();
    await saved(
      page,
      async () => {
        await role.fill('');
        await expect(role).toHaveAttribute('aria-invalid', 'true');
        await expect(role).toHaveAccessibleDescription(new RegExp(ru.field_errors.required));
        await role.blur();
      },
      ru,
    );

    await page.getByRole('link', { name: ru.back }).click();
    // Counted as Russian counts: "1 ошибка" (one), not "1 ошибок".
    await expect(page.getByRole('listitem').filter({ hasText: ru.sections.identity })).toContainText(
      ru.state.problems_one.replace('{{count}}', '1'),
    );
    await page.getByRole('button', { name: ru.publish_bar.open }).click();
    const problems = page.getByRole('dialog').getByRole('alert');
    await expect(problems).toContainText(ru.publish.refused_one.replace('{{count}}', '1'));
    const link = problems.getByRole('link');
    await expect(link).toHaveCount(1);
    await expect(link).toContainText(`${ru.sections.identity}: ${ru.fields.role} › ${ru.languages.english}`);
    await expect(link).toContainText(ru.field_errors.required);
    await link.click();
    await expect(page.getByRole('textbox', { name: `${ru.fields.role} ${en.languages.english}` })).toBeFocused();

    // Put back, so the draft is publishable again.
    await saved(
      page,
      async () => {
        await page.keyboard.type(before);
        await page.keyboard.press('Tab');
      },
      ru,
    );
  });

  test('a save from a second tab is refused and both versions are offered; keeping mine saves it over', async ({
    context,
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(budget({ pages: 6 }));
    allowConsoleErrors(/status of 409/);
    await openSection(page, 'home');
    const second = await context.newPage();
    await second.goto('/owner/site/home');
    const field = (tab: Page) => tab.getByRole('textbox', { name: `${en.fields.greeting} ${en.languages.english}` });
    await expect(field(second)).toBeVisible();

    await saved(page, async () => {
      await field(page).fill('Hello from the first tab');
      await field(page).blur();
    });

    await field(second).fill('Hello from the second tab');
    await field(second).blur();
    const dialog = second.getByRole('dialog', { name: en.conflict.title });
    await expect(dialog).toBeVisible();
    // Both versions side by side, the words that differ marked (owner-site-compare.spec.ts has the details).
    await expect(dialog.locator('mark')).toHaveText([/second/, /first/]);
    await saved(second, () => dialog.getByRole('button', { name: en.conflict.keep_mine }).click());
    await expect(dialog).toBeHidden();

    const draft = await second.request.get('/api/v1/owner/content/draft');
    expect((await draft.json()).data.draft.content.home.greeting.english).toBe('Hello from the second tab');
    await second.close();
  });

  test('typing through a lost connection loses nothing: the edits wait in the browser and are saved when it is back', async ({
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(budget({ pages: 4 }));
    allowConsoleErrors(/content\/draft|Failed to load resource|ERR_FAILED/);
    await openSection(page, 'identity');
    const phone = page.getByLabel(en.fields.phone, { exact: true });
    const place = page.getByRole('textbox', { name: `${en.fields.location} ${en.languages.english}` });

    // The connection goes: saves fail, the page says so and keeps trying.
    await page.route('**/api/v1/owner/content/draft', (route) => route.abort('internetdisconnected'));
    await phone.fill('+998 90 000 00 01');
    await phone.blur();
    await expect(page.getByRole('status').filter({ hasText: en.save.retrying })).toBeVisible();
    await place.fill('Samarkand, Uzbekistan');
    await place.blur();

    // Leaving now would lose nothing either, but it asks first.
    const warned = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      });
    });
    await page.close({ runBeforeUnload: true });
    expect(await warned).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    // The connection is back: the next try saves every edit.
    await page.unroute('**/api/v1/owner/content/draft');
    await expect(page.getByRole('status').filter({ hasText: new RegExp(`^${en.save.saved}$`) })).toBeVisible({
      timeout: 15_000,
    });
    const draft = (await (await page.request.get('/api/v1/owner/content/draft')).json()).data.draft.content;
    expect(draft.identity.phone).toBe('+998 90 000 00 01');
    expect(draft.identity.location.english).toBe('Samarkand, Uzbekistan');
  });

  test('a picture is uploaded from the device and chosen; a file that is no picture is refused with the reason', async ({
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(budget({ pages: 4 }));
    allowConsoleErrors(/status of 4\d\d/);
    await openSection(page, 'home');
    const photo = page.getByRole('combobox', { name: en.fields.photo });
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    await saved(page, () =>
      page
        .getByLabel(en.picture.upload)
        .setInputFiles({ name: 'studio-photo.jpg', mimeType: 'image/jpeg', buffer: jpeg }),
    );
    await expect(photo).toHaveValue('studio-photo.jpg');
    await expect(page.getByRole('status').filter({ hasText: en.picture.uploaded })).toBeVisible();

    await page
      .getByLabel(en.picture.upload)
      .setInputFiles({ name: 'not-a-picture.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('plain text') });
    await expect(page.getByRole('status').filter({ hasText: en.picture.errors.picture_unreadable })).toBeVisible();
    await expect(photo).toHaveValue('studio-photo.jpg');
  });

  test('visitors never download the studio; the owner gets it on opening the Site area', async ({ page }) => {
    test.setTimeout(budget({ pages: 4 }));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await open(page, '/');
    await signIn(page, 'english');
    expect(scripts.filter((url) => /site-studio/.test(url))).toEqual([]);
    await page.getByRole('navigation', { name: owner.nav.label }).getByRole('link', { name: owner.nav.site }).click();
    await expect(page.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
    expect(scripts.some((url) => /site-studio/.test(url))).toBe(true);
    // An address naming no section opens the overview (it showed a lone "All sections" link).
    await page.goto('/owner/site/no-such-section');
    await expect(page).toHaveURL(/\/owner\/site$/);
    await expect(page.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
  });

  test('restoring an earlier version asks to confirm the sign-in, and the live site shows it', async ({
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(budget({ pages: 6 }));
    allowConsoleErrors(/status of 403/);
    await signIn(page, 'english');
    ageOwnerAuthentication();
    await page.goto('/owner/site/history');
    await expect(page.getByRole('heading', { level: 1, name: en.history.title })).toBeVisible();
    const first = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: en.history.version.replace('{{number}}', '1'), exact: true }) });
    await expect(first).toContainText(en.history.sources.files);
    await first.getByRole('button', { name: en.history.compare }).click();
    const greeting = first
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 4, name: `${en.sections.home} › ${en.fields.greeting}` }) });
    await expect(greeting.getByText(en.languages.russian, { exact: true })).toBeVisible();
    await expect(greeting.locator('ins')).toContainText('Здравствуйте');

    await first.getByRole('button', { name: en.history.restore.replace('{{number}}', '1') }).click();
    const prompt = page.getByRole('region', { name: owner.security.reauth_title });
    await prompt.getByLabel(owner.sign_in.password, { exact: true }).fill(OWNER_PASSWORD);
    await prompt.getByRole('button', { name: owner.security.reauth_submit }).click();
    await expect(page.getByRole('status').filter({ hasText: en.history.restored.split(' ')[0] })).toBeVisible();
    // The restore set the draft's unpublished edits aside; they come back for the test that discards them.
    await page.getByRole('button', { name: en.history.bring_back, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: en.history.brought_back })).toBeVisible();
    // The replaced version stays in the history; the copy is the newest.
    await expect(
      page.getByRole('heading', { name: en.history.version.replace('{{number}}', '2'), exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('listitem').first()).toContainText(en.history.sources.restore);

    expect(await homeText(page, 'russian')).toContain('Привет, я');
  });

  test('discarding the draft (in Uzbek) puts the published content back, and every section says so', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 3 }));
    const uz = studioTexts.lotin;
    await signIn(page, 'lotin');
    await page.goto('/owner/site');
    await expect(page.getByRole('heading', { level: 1, name: uz.title })).toBeVisible();
    // Earlier tests left unpublished edits (the phone, the photo, the greeting).
    await expect(page.getByRole('listitem').filter({ hasText: uz.sections.identity })).toContainText(
      new RegExp(uz.state.changed_other.replace('{{count}}', '\\d+')),
    );
    // The styled confirmation (confirm-dialog.tsx): the safe choice has the focus, Tab stays inside,
    // Escape cancels and gives the focus back; the destructive choice is named by what it does.
    const discard = page.getByRole('button', { name: uz.publish.discard });
    const dialog = page.getByRole('dialog', { name: uz.publish_bar.discard_title });
    await discard.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: uz.publish_bar.cancel, exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: uz.publish_bar.discard_button })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: uz.publish_bar.cancel, exact: true })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: uz.publish_bar.discard_button })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(discard).toBeFocused();
    await expect(page.getByRole('listitem').filter({ hasText: uz.sections.identity })).toContainText(
      new RegExp(uz.state.changed_other.replace('{{count}}', '\\d+')),
    );
    await discard.click();
    await dialog.getByRole('button', { name: uz.publish_bar.discard_button }).click();
    await expect(page.getByRole('status').filter({ hasText: uz.publish.discarded })).toBeVisible();
    for (const section of ['identity', 'home', 'about', 'portfolio', 'footer'] as const) {
      await expect(page.getByRole('listitem').filter({ hasText: uz.sections[section] }).first()).toContainText(
        uz.state.unchanged,
      );
    }
    const [draft, versions] = await Promise.all([
      page.request.get('/api/v1/owner/content/draft').then((answer) => answer.json()),
      page.request.get('/api/v1/owner/content/versions?limit=1').then((answer) => answer.json()),
    ]);
    const published = await (
      await page.request.get(`/api/v1/owner/content/versions/${versions.data[0].number}`)
    ).json();
    expect(draft.data.draft.content).toEqual(published.data.content);
  });

  test('axe finds nothing serious on the studio in either theme; it works at 320 px, one language at a time', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 8, scans: 6 }));
    await signIn(page, 'english');
    await page.setViewportSize({ width: 320, height: 800 });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const path of ['/owner/site', '/owner/site/home', '/owner/site/history']) {
        await page.goto(path);
        await page.evaluate((value) => {
          document.documentElement.dataset.theme = value;
        }, theme);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} in ${theme}`).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page, `${path} in ${theme}`, { exclude: 'iframe' });
      }
    }

    // On a phone one language shows at a time, chosen with the switcher.
    await page.goto('/owner/site/home');
    const russian = page.getByRole('textbox', { name: `${en.fields.greeting} ${en.languages.russian}` });
    await expect(russian).toBeHidden();
    await page
      .getByRole('group', { name: en.language_switcher })
      .getByRole('button', { name: en.languages.russian })
      .click();
    await expect(russian).toBeVisible();

    // Lists work by keyboard: the highlights' second item moves up with Enter, and focus stays on it.
    // Each item is named once, by its content ("Highlight: 8+"), and its fields are a group of that name.
    const highlights = page.getByRole('group', { name: new RegExp(`^${en.fields.highlights}`) });
    const values = highlights.getByRole('textbox', { name: en.fields.value, exact: true });
    const [firstValue, secondValue] = [await values.nth(0).inputValue(), await values.nth(1).inputValue()];
    const itemName = (value: string) =>
      en.list.item_named.replace('{{item}}', en.item_names.highlights).replace('{{content}}', value);
    await expect(highlights.getByRole('group', { name: itemName(firstValue), exact: true })).toBeVisible();
    await expect(highlights.getByText(itemName(firstValue), { exact: true })).toHaveCount(1);
    await highlights.getByRole('button', { name: en.list.up.replace('{{item}}', itemName(secondValue)) }).focus();
    await page.keyboard.press('Enter');
    await expect(values.nth(1)).toHaveValue(firstValue);
    await expect(page.locator(':focus')).toHaveAccessibleName(en.list.down.replace('{{item}}', itemName(secondValue)));
  });

  test('a social link is named by its address without the scheme, and on a phone breaks only between its parts', async ({
    page,
  }) => {
    await signIn(page, 'english');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/owner/site/footer');
    const links = page.getByRole('group', { name: new RegExp(`^${en.fields.social_links}`) });
    const name = (content: string) =>
      en.list.item_named.replace('{{item}}', en.item_names.social_links).replace('{{content}}', content);
    await expect(links.getByRole('group', { name: name('github.com/example-dilnoza'), exact: true })).toBeVisible();
    const email = links.getByText(name('dilnoza.karimova@example.com'), { exact: true });
    await expect(email).toBeVisible();
    // It broke as `…@example.c` / `om` at this width: now only after a space, an @ or a slash.
    const breaks = await lineBreaks(email);
    expect(breaks.length).toBeGreaterThan(0);
    for (const line of breaks) expect(line).toMatch(/[ @/] \/ /);
  });

  test('beside the preview on a desktop, each text of the About form shows whole, the three languages one under another', async ({
    page,
  }) => {
    await signIn(page, 'english');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/owner/site/about');
    await expect(page.getByRole('region', { name: en.preview.title })).toBeVisible();
    // Three languages in a row left a job's title at "Lead product design" and its place at "Oqim Tech, Tashken".
    const cut = await page
      .getByRole('main')
      .evaluate((main) =>
        [...main.querySelectorAll<HTMLInputElement>('input[type="text"], input:not([type])')]
          .filter((input) => input.offsetParent !== null && input.scrollWidth > input.clientWidth)
          .map((input) => input.value),
      );
    expect(cut).toEqual([]);
    // A job's description is a paragraph: a text area of three lines, not a one-line box.
    const description = page.getByRole('textbox', { name: `${en.fields.description} ${en.languages.english}` }).first();
    await expect(description).toHaveJSProperty('tagName', 'TEXTAREA');
    await expect(description).toHaveAttribute('rows', '3');
  });
});
