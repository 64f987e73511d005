import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './axe.js';
import { budget, expect, open, test } from './fixtures.js';
import { ownerTexts, signIn, useOwnerPassword } from './owner-support.js';
import { studioTexts } from './studio-support.js';

const en = studioTexts.english;
const owner = ownerTexts.english;

const PROJECT = {
  id: 'studio-picture-test',
  title: { english: 'Harbour app', russian: 'Приложение гавани', lotin: 'Bandargoh ilovasi' },
  summary: { english: 'Boats, booked', russian: 'Лодки по записи', lotin: 'Qayiqlar bron qilinadi' },
  description: { english: 'A booking app.', russian: 'Приложение для записи.', lotin: 'Bron qilish ilovasi.' },
  alt: {
    english: 'A grey harbour at dawn',
    russian: 'Серая гавань на рассвете',
    lotin: 'Tongda kulrang bandargoh',
  },
};
const LANGUAGES = ['english', 'russian', 'lotin'] as const;

/** A phone's photo: a JPEG whose EXIF holds the camera and, in its GPS directory, where it was taken. */
function phonePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#777',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Phone maker', Model: 'Phone 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '41/1 18/1 3000/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '69/1 16/1 0/1',
      },
    })
    .toBuffer();
}

/** Whether EXIF data (as sharp's metadata gives it: `Exif\0\0` and a TIFF) has a GPS directory (tag 0x8825 in IFD0). */
function hasGpsDirectory(exif: Buffer): boolean {
  const tiff = exif.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let index = 0; index < entries; index += 1) {
    if (u16(ifd0 + 2 + index * 12) === 0x8825) return true;
  }
  return false;
}

/** Signs in and opens the portfolio's form through the Site area's links, as the owner does. */
async function openPortfolio(page: Page) {
  await signIn(page, 'english');
  await page.getByRole('navigation', { name: owner.nav.label }).getByRole('link', { name: owner.nav.site }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
  await page.getByRole('link', { name: en.sections.portfolio, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.sections.portfolio })).toBeVisible();
}

type Draft = { portfolio: { items: { id: string; image: string; image_alt: Record<string, string> }[] } };
const draftOf = async (page: Page): Promise<Draft> =>
  (await (await page.request.get('/api/v1/owner/content/draft')).json()).data.draft.content;

/** A project's fields, by place: each is a group named by its content ("Project: Harbour"). */
const projectAt = (page: Page, index: number): Locator =>
  page.getByRole('group', { name: new RegExp(`^${en.item_names.items}\\b`) }).nth(index);

/** The test's project's fields in a saved draft's form: the last project. */
async function projectFields(page: Page): Promise<Locator> {
  const count = (await draftOf(page)).portfolio.items.length;
  return projectAt(page, count - 1);
}

/** Records every value the page's upload progress bars show, from now on (they may come and go quickly). */
async function recordProgress(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const look = () => {
      for (const bar of document.querySelectorAll('progress')) seen.push(bar.value);
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['value'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}

interface FileToGive {
  name: string;
  type: string;
  bytes: Buffer;
}

/** Drags a file from outside the browser onto an element and drops it there, as the browser reports it. */
async function dropFile(target: Locator, file: FileToGive, { drop = true } = {}) {
  await target.evaluate(
    (element, { name, type, base64, drop }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], name, { type }));
      for (const kind of drop ? ['dragenter', 'dragover', 'drop'] : ['dragenter', 'dragover']) {
        element.dispatchEvent(new DragEvent(kind, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    },
    { name: file.name, type: file.type, base64: file.bytes.toString('base64'), drop },
  );
}

/** Pastes a file into a focused element, as a clipboard holding a picture (a screenshot, say) does. */
async function pasteFile(target: Locator, file: FileToGive) {
  await target.focus();
  await target.evaluate(
    (element, { name, type, base64 }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], name, { type }));
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    },
    { name: file.name, type: file.type, base64: file.bytes.toString('base64') },
  );
}

/** Publishes the draft from the Site area, as the owner does, and waits until the site says it is live. */
async function publish(page: Page, note: string) {
  await page.goto('/owner/site?lang=english');
  await page
    .getByRole('region', { name: en.publish_bar.label })
    .getByRole('button', { name: en.publish_bar.open })
    .click();
  const dialog = page.getByRole('dialog', { name: en.publish_bar.confirm_title });
  await expect(dialog).toBeVisible();
  // A draft with problems is not offered for publishing: the dialog lists them instead (an alert).
  if ((await dialog.getByRole('alert').count()) > 0) return;
  await dialog.getByLabel(en.publish.note).fill(note);
  await dialog.getByRole('button', { name: en.publish.submit, exact: true }).click();
}

// One owner, one draft: these tests build on each other in order, and the last removes the project.
test.describe.configure({ mode: 'serial' });

test.describe('pictures in the studio', () => {
  useOwnerPassword();

  // Before signing in the owner area asks for the session (401); the preview is a sandboxed frame;
  // an unfinished project is a draft the preview refuses (422) and may not frame.
  test.beforeEach(({ allowConsoleErrors }) => {
    allowConsoleErrors(/status of 401/);
    allowConsoleErrors(/sandboxed/);
    allowConsoleErrors(/status of 422/);
    allowConsoleErrors(/frame-ancestors|content\/preview/);
  });

  test('a project with an uploaded phone photo: alt texts required to publish; the portfolio serves it with srcset and no metadata', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 12 }) + 30_000);
    const photo = await phonePhoto();
    const exif = (await sharp(photo).metadata()).exif;
    expect(exif && hasGpsDirectory(exif), 'the fixture carries GPS').toBe(true);

    await openPortfolio(page);
    // The new project is the list's last, once added (its save comes a moment later).
    const count = (await draftOf(page)).portfolio.items.length;
    await page.getByRole('button', { name: en.list.add.replace('{{label}}', en.fields.items) }).click();
    const project = projectAt(page, count);
    await expect(project).toBeVisible();
    await project.getByRole('textbox', { name: en.fields.id, exact: true }).fill(PROJECT.id);
    await project.getByRole('textbox', { name: en.fields.group, exact: true }).fill('web');
    for (const language of LANGUAGES) {
      const name = en.languages[language];
      await project.getByRole('textbox', { name: `${en.fields.title} ${name}` }).fill(PROJECT.title[language]);
      await project.getByRole('textbox', { name: `${en.fields.summary} ${name}` }).fill(PROJECT.summary[language]);
      await project
        .getByRole('textbox', { name: `${en.fields.description} ${name}` })
        .fill(PROJECT.description[language]);
    }
    await project.getByRole('spinbutton', { name: en.fields.year }).fill('2025');

    // The upload shows its progress, then the picture is chosen and previewed.
    const progress = await recordProgress(page);
    await project
      .getByLabel(en.picture.upload)
      .setInputFiles({ name: 'harbour-phone.jpg', mimeType: 'image/jpeg', buffer: photo });
    const path = project.getByRole('combobox', { name: en.fields.image });
    await expect(path).toHaveValue('harbour-phone.jpg');
    await expect(project.getByRole('status').filter({ hasText: en.picture.uploaded })).toBeVisible();
    const shown = await progress();
    expect(shown.length, 'a progress bar was shown').toBeGreaterThan(0);
    expect(Math.max(...shown), 'the bar moved with the upload').toBeGreaterThan(0);
    await expect(
      project.getByRole('img', { name: en.pictures.preview.replace('{{path}}', 'harbour-phone.jpg') }),
    ).toBeVisible();
    await expect(
      project.getByText(en.pictures.size.replace('{{width}}', '1600').replace('{{height}}', '1200')),
    ).toBeVisible();

    // The alt texts sit right after the picture, which says they are needed; one missing refuses publishing.
    await expect(path).toHaveAccessibleDescription(new RegExp(en.pictures.alt_hint.slice(0, 40)));
    await project
      .getByRole('textbox', { name: `${en.fields.image_alt} ${en.languages.english}` })
      .fill(PROJECT.alt.english);
    await project
      .getByRole('textbox', { name: `${en.fields.image_alt} ${en.languages.lotin}` })
      .fill(PROJECT.alt.lotin);
    // Leaving the field saves at once.
    await page.keyboard.press('Tab');
    await expect
      .poll(async () => (await draftOf(page)).portfolio.items.at(-1)?.image_alt, { timeout: 15_000 })
      .toEqual({ english: PROJECT.alt.english, lotin: PROJECT.alt.lotin, russian: '' });
    await publish(page, 'A project without its Russian alt text');
    const problems = page.getByRole('alert');
    await expect(problems).toContainText(en.publish.refused_one.replace('{{count}}', '1'));
    const link = problems.getByRole('link');
    await expect(link).toHaveCount(1);
    await expect(link).toContainText(en.fields.image_alt);
    await expect(link).toContainText(en.languages.russian);
    await expect(link).toContainText(en.field_errors.required);
    await link.click();
    const russianAlt = page.getByRole('textbox', { name: `${en.fields.image_alt} ${en.languages.russian}` }).last();
    await expect(russianAlt).toBeFocused();
    await russianAlt.fill(PROJECT.alt.russian);
    await expect
      .poll(async () => (await draftOf(page)).portfolio.items.at(-1)?.image_alt.russian)
      .toBe(PROJECT.alt.russian);

    await publish(page, 'A new project with a phone photo');
    await expect(page.getByRole('status').filter({ hasText: en.publish.published.split('{{')[0] })).toBeVisible();

    // The visitor's portfolio: the picture in AVIF and WebP at several widths, and a plain src.
    await open(page, '/portfolio?lang=english');
    const card = page.locator(`#portfolio-item-${PROJECT.id}`);
    const image = card.getByRole('img', { name: PROJECT.alt.english });
    await expect(image).toBeVisible();
    const sources = card.locator('picture source');
    await expect(sources).toHaveCount(2);
    const addresses = new Set<string>();
    for (const source of await sources.all()) {
      const srcset = (await source.getAttribute('srcset')) ?? '';
      const candidates = srcset.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '');
      expect(candidates.length, srcset).toBeGreaterThan(2);
      for (const candidate of candidates) addresses.add(candidate);
    }
    const src = await image.getAttribute('src');
    expect(src).toMatch(/^\/media\/harbour-phone\.jpg/);
    addresses.add(src ?? '');

    // Every file a visitor may get: a picture, with no EXIF (so no GPS), XMP or IPTC left.
    for (const address of addresses) {
      const answer = await page.request.get(address);
      expect(answer.status(), address).toBe(200);
      const bytes = await answer.body();
      const metadata = await sharp(bytes).metadata();
      expect(['heif', 'webp', 'jpeg'], address).toContain(metadata.format);
      expect(metadata.exif, address).toBeUndefined();
      expect(metadata.xmp, address).toBeUndefined();
      expect(metadata.iptc, address).toBeUndefined();
      expect(bytes.includes(Buffer.from('Exif\0\0', 'latin1')), address).toBe(false);
    }
  });

  test('a picture dropped on the field or pasted into it is uploaded and chosen; a refused file says why', async ({
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(budget({ pages: 4 }));
    allowConsoleErrors(/status of 400/);
    await openPortfolio(page);
    const project = await projectFields(page);
    const path = project.getByRole('combobox', { name: en.fields.image });
    await expect(path).toHaveValue('harbour-phone.jpg');
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d84' } })
      .png()
      .toBuffer();

    // While a file is dragged over the field, it says where to drop it.
    await dropFile(path, { name: 'dropped-sunset.png', type: 'image/png', bytes: png }, { drop: false });
    await expect(project.getByText(en.pictures.drop_here)).toBeVisible();
    const progress = await recordProgress(page);
    await dropFile(path, { name: 'dropped-sunset.png', type: 'image/png', bytes: png });
    await expect(path).toHaveValue('dropped-sunset.png');
    await expect(project.getByText(en.pictures.drop_hint)).toBeVisible();
    expect((await progress()).length, 'a progress bar was shown').toBeGreaterThan(0);
    await expect.poll(async () => (await draftOf(page)).portfolio.items.at(-1)?.image).toBe('dropped-sunset.png');

    // A pasted screenshot has no name of its own: it gets a random one, which no one can guess.
    const pasted = await sharp({ create: { width: 640, height: 480, channels: 4, background: '#48d' } })
      .png()
      .toBuffer();
    await pasteFile(path, { name: 'image.png', type: 'image/png', bytes: pasted });
    await expect(path).toHaveValue(/^pasted-[a-z0-9]{16}\.png$/);
    await expect(project.getByRole('img', { name: /pasted-[a-z0-9]{16}\.png/ })).toBeVisible();
    await expect.poll(async () => (await draftOf(page)).portfolio.items.at(-1)?.image).toMatch(/^pasted-/);

    // A file that is no picture the site takes is refused, with the reason in the owner's language.
    await dropFile(path, { name: 'animation.gif', type: 'image/gif', bytes: Buffer.from('GIF89a') });
    await expect(
      project.getByRole('status').filter({ hasText: en.picture.errors.picture_type_not_allowed }),
    ).toBeVisible();
    await expect(path).toHaveValue(/^pasted-[a-z0-9]{16}\.png$/);
  });

  test('a replaced picture asks for its new descriptions: publishing is refused until they are rewritten or confirmed', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 8 }));
    const rewritten = 'A blue harbour crane against the evening sky';
    await openPortfolio(page);
    const project = await projectFields(page);
    const path = project.getByRole('combobox', { name: en.fields.image });
    // The paste above replaced the published photo; the alt texts are still the photo's.
    await expect(path).toHaveValue(/^pasted-/);
    await expect(project.getByText(en.pictures.review_title)).toBeVisible();
    await expect(path).toHaveAccessibleDescription(new RegExp(en.pictures.review_title));
    // Visitors do not get a picture only the draft uses; the preview (the owner's origin, with the session) does.
    const pasted = await path.inputValue();
    expect((await fetch(new URL(`/media/${pasted}`, page.url()))).status).toBe(404);
    const shown = page.frameLocator(`iframe[title="${en.preview.frame}"]`).locator(`img[src*="${pasted}"]`).first();
    await expect
      .poll(() => shown.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);

    await publish(page, 'A new picture with its old descriptions');
    const dialog = page.getByRole('dialog', { name: en.publish_bar.confirm_title });
    const links = dialog.getByRole('alert').getByRole('link');
    await expect(links).toHaveCount(3);
    for (const language of LANGUAGES) {
      const link = links.filter({ hasText: en.languages[language] });
      await expect(link).toContainText(en.fields.image_alt);
      await expect(link).toContainText(en.field_errors.needs_review);
    }
    // Rewritten in one language: its link leads to the text.
    await links.filter({ hasText: en.languages.english }).click();
    const englishAlt = page.getByRole('textbox', { name: `${en.fields.image_alt} ${en.languages.english}` }).last();
    await expect(englishAlt).toBeFocused();
    await englishAlt.fill(rewritten);
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await draftOf(page)).portfolio.items.at(-1)?.image_alt.english).toBe(rewritten);

    // Still refused for the two others, until the owner says they fit.
    await publish(page, 'Only one description rewritten');
    await expect(dialog.getByRole('alert').getByRole('link')).toHaveCount(2);
    await dialog.getByRole('button', { name: en.publish_bar.close }).click();
    await page.getByRole('link', { name: en.sections.portfolio, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: en.sections.portfolio })).toBeVisible();
    const again = await projectFields(page);
    await again.getByRole('button', { name: en.pictures.review_confirm }).click();
    await expect(again.getByRole('status').filter({ hasText: en.pictures.review_confirmed })).toBeVisible();
    await expect(again.getByText(en.pictures.review_title)).toHaveCount(0);

    await publish(page, 'The new picture, described');
    await expect(page.getByRole('status').filter({ hasText: en.publish.published.split('{{')[0] })).toBeVisible();
    await open(page, '/portfolio?lang=english');
    await expect(page.locator(`#portfolio-item-${PROJECT.id}`).getByRole('img', { name: rewritten })).toBeVisible();
  });

  test('the library deletes a picture nothing uses, after asking; one in use says where it is used', async ({
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(budget({ pages: 4 }));
    // The deleted picture's thumbnail may still be asked for once as the list changes.
    allowConsoleErrors(/status of 404/);
    await openPortfolio(page);
    const project = await projectFields(page);
    const choose = project.getByRole('button', { name: en.pictures.choose });
    await choose.click();
    const library = page.getByRole('dialog', { name: en.pictures.library_title });
    const tile = (name: string) =>
      library.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`^${name}`) }) });

    // In use: where, and no Delete.
    const pasted = (await draftOf(page)).portfolio.items.at(-1)?.image ?? '';
    const inUse = tile(pasted.replace('.', '\\.'));
    await expect(inUse).toContainText(
      en.pictures.used_by_draft.replace('{{places}}', `${en.sections.portfolio} › ${PROJECT.title.english}`),
    );
    await expect(inUse).toContainText(en.pictures.used_by_published.split('{{')[0] ?? '');
    await expect(inUse.getByRole('button', { name: new RegExp(`^${en.pictures.delete}`) })).toHaveCount(0);
    await expect(tile('harbour-phone\\.jpg')).toContainText(en.pictures.used_by_history.split('{{')[0] ?? '');

    // Unused: deleted after a styled confirmation, which starts on the safe choice.
    const unused = tile('dropped-sunset\\.png');
    await expect(unused).toContainText(en.pictures.unused);
    await unused.getByRole('button', { name: `${en.pictures.delete} dropped-sunset.png` }).click();
    const confirmation = page.getByRole('dialog', {
      name: en.pictures.delete_title.replace('{{path}}', 'dropped-sunset.png'),
    });
    await expect(confirmation).toBeVisible();
    await expect(confirmation.getByRole('button', { name: en.pictures.delete_keep })).toBeFocused();
    await confirmation.getByRole('button', { name: en.pictures.delete_confirm }).click();
    await expect(confirmation).toBeHidden();
    await expect(
      library.getByRole('status').filter({ hasText: en.pictures.deleted.replace('{{path}}', 'dropped-sunset.png') }),
    ).toBeVisible();
    await expect(unused).toHaveCount(0);
    await expect(library.locator(':focus')).toHaveAttribute('data-picture', /.+/);
    expect((await page.request.get('/media/dropped-sunset.png')).status()).toBe(404);
  });

  test('the library picker works by keyboard: focus on the chosen picture, arrows, Escape back; axe finds nothing serious in either theme', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 4, scans: 4 }));
    await openPortfolio(page);
    const project = await projectFields(page);
    const path = project.getByRole('combobox', { name: en.fields.image });
    const choose = project.getByRole('button', { name: en.pictures.choose });
    const dialog = page.getByRole('dialog', { name: en.pictures.library_title });

    await choose.click();
    await expect(dialog).toBeVisible();
    const chosen = await path.inputValue();
    await expect(page.locator(':focus')).toHaveAttribute('data-picture', chosen);
    await page.keyboard.press('Home');
    const first = await page.locator(':focus').getAttribute('data-picture');
    await page.keyboard.press('ArrowRight');
    await expect(page.locator(':focus')).not.toHaveAttribute('data-picture', first ?? '');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(choose).toBeFocused();
    await expect(path).toHaveValue(chosen);

    // Axe on the library, where it is used and its Delete buttons, in both themes on a phone and a desktop.
    const sizes = [
      { width: 320, height: 720 },
      { width: 1280, height: 800 },
    ];
    for (const [index, size] of sizes.entries()) {
      await page.setViewportSize(size);
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.evaluate((value) => {
          document.documentElement.dataset.theme = value;
        }, theme);
        await choose.click();
        await expect(dialog.getByRole('button', { name: /harbour-phone\.jpg/ })).toBeVisible();
        await expectNoAxeViolations(page, `${theme} at ${size.width} px`, { include: 'dialog[open]' });
        // The last round leaves the library open for the keyboard below.
        if (index < sizes.length - 1 || theme === 'light') {
          await dialog.getByRole('button', { name: en.pictures.close }).click();
          await expect(dialog).toBeHidden();
          await expect(choose).toBeFocused();
        }
      }
    }

    // Choosing with the keyboard sets the path and closes the library.
    await dialog.getByRole('button', { name: /harbour-phone\.jpg/ }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(path).toHaveValue('harbour-phone.jpg');
    await expect(choose).toBeFocused();
  });

  test('removing the test project and publishing leaves the portfolio as it was', async ({ page }) => {
    test.setTimeout(budget({ pages: 5 }));
    await openPortfolio(page);
    const count = (await draftOf(page)).portfolio.items.length;
    const name = en.list.item_named
      .replace('{{item}}', en.item_names.items)
      .replace('{{content}}', PROJECT.title.english);
    await page.getByRole('button', { name: en.list.remove.replace('{{item}}', name), exact: true }).click();
    await expect.poll(async () => (await draftOf(page)).portfolio.items.length).toBe(count - 1);
    await publish(page, 'Without the test project');
    await expect(page.getByRole('status').filter({ hasText: en.publish.published.split('{{')[0] })).toBeVisible();
    await open(page, '/portfolio?lang=english');
    await expect(page.locator(`#portfolio-item-${PROJECT.id}`)).toHaveCount(0);
  });
});
