import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { budget, expect, open, test } from './fixtures.js';
import { signIn, useOwnerPassword } from './owner-support.js';
import { saved, studioTexts } from './studio-support.js';

const en = studioTexts.english;
const SECTIONS = ['identity', 'home', 'about', 'portfolio', 'footer'] as const;
const PUBLISHED_EDIT = 'Hello from a version about to be undone';
const UNPUBLISHED_EDIT = 'Hello from edits nobody published';

interface DraftAnswer {
  data: { draft: { content: { home: { greeting: { english: string } } }; revision: number; basedOn: number | null } };
}

/** A call of the owner API from the studio's own page, as the studio makes it (same origin, its session). */
function ownerApi<T>(page: Page, method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api/v1/owner/content${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

const latestVersion = async (page: Page) =>
  (await ownerApi<{ data: { number: number }[] }>(page, 'GET', '/versions?limit=1')).data[0]?.number ?? 0;
const draftOf = (page: Page) => ownerApi<DraftAnswer>(page, 'GET', '/draft');
const versionContent = async (page: Page, number: number) =>
  (await ownerApi<{ data: { content: unknown } }>(page, 'GET', `/versions/${number}`)).data.content;

/** The home page's text as a visitor sees it, in English. */
async function homeGreeting(page: Page): Promise<string> {
  await open(page, '/?lang=english');
  return (await page.locator('main').textContent()) ?? '';
}

async function editGreeting(page: Page, text: string) {
  await page.goto('/owner/site/home');
  const greeting = page.getByRole('textbox', { name: `${en.fields.greeting} ${en.languages.english}` });
  await expect(greeting).toBeVisible();
  await saved(page, async () => {
    await greeting.fill(text);
    await greeting.blur();
  });
}

/** One version's entry in the history, by its exact number (so 1 is not 10). */
const versionEntry = (page: Page, number: number) =>
  page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: en.history.version.replace('{{number}}', String(number)), exact: true }),
  });

async function restore(page: Page, number: number) {
  await page.goto('/owner/site/history');
  await expect(page.getByRole('heading', { level: 1, name: en.history.title })).toBeVisible();
  await versionEntry(page, number)
    .getByRole('button', { name: en.history.restore.replace('{{number}}', String(number)) })
    .click();
}

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((result, [key, value]) => result.replaceAll(`{{${key}}}`, String(value)), text);

/** A text with its `{{date}}` left open (dates are written in the owner's locale). */
const withAnyDate = (text: string, values: Record<string, string | number>) =>
  new RegExp(
    fill(text, values)
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace('{{date}}', '.+'),
  );

// One owner, one draft, one history: these tests build on each other in order.
test.describe.configure({ mode: 'serial' });

test.describe('restoring a version in the studio', () => {
  useOwnerPassword();
  let start: number;
  let original: string;

  // Before signing in, the owner area asks for the session and the browser logs its 401; the preview
  // is a sandboxed frame that runs no script, which Chromium reports.
  test.beforeEach(({ allowConsoleErrors }) => {
    allowConsoleErrors(/status of 401/);
    allowConsoleErrors(/sandboxed/);
  });

  test('undoes a published edit for good: the draft becomes the restored version, the unpublished edits are set aside and come back', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 16 }));
    await signIn(page, 'english');
    start = await latestVersion(page);
    original = (await draftOf(page)).data.draft.content.home.greeting.english;
    expect(await versionContent(page, start)).toEqual((await draftOf(page)).data.draft.content);

    // A published edit, then more edits that are only in the draft.
    await editGreeting(page, PUBLISHED_EDIT);
    await ownerApi(page, 'POST', '/publish', { note: 'to be undone' });
    expect(await latestVersion(page)).toBe(start + 1);
    expect(await homeGreeting(page)).toContain(PUBLISHED_EDIT);
    await editGreeting(page, UNPUBLISHED_EDIT);

    await restore(page, start);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: fill(en.history.restored_set_aside, { number: start, published: start + 2 }) }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: en.history.bring_back, exact: true })).toBeVisible();
    // The set-aside draft is listed too, to bring back later.
    const setAside = page.getByRole('region', { name: en.history.set_aside_title });
    await expect(setAside.getByRole('listitem')).toHaveCount(1);
    await expect(setAside.getByRole('listitem')).toContainText(
      withAnyDate(en.history.set_aside_by_restore, { number: start }),
    );
    expect(await homeGreeting(page)).not.toContain(PUBLISHED_EDIT);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: en.history.title })).toBeVisible();

    // Back in the studio, no section has anything unpublished: the draft is the restored version.
    await page.getByRole('link', { name: en.back }).click();
    await expect(page.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
    for (const section of SECTIONS) {
      await expect(page.getByRole('listitem').filter({ hasText: en.sections[section] }).first()).toContainText(
        en.state.unchanged,
      );
    }
    const draft = await draftOf(page);
    expect(draft.data.draft.content).toEqual(await versionContent(page, start + 2));
    expect(draft.data.draft.basedOn).toBe(start + 2);
    // So publishing now changes nothing visitors see: the undone edit does not come back.
    await ownerApi(page, 'POST', '/publish', { note: 'after the restore' });
    expect(await versionContent(page, start + 3)).toEqual(await versionContent(page, start));
    const live = await homeGreeting(page);
    expect(live).not.toContain(PUBLISHED_EDIT);
    expect(live).not.toContain(UNPUBLISHED_EDIT);

    // The set-aside edits come back from the history's list, as the draft, still unpublished.
    await page.goto('/owner/site/history');
    const list = page.getByRole('region', { name: en.history.set_aside_title });
    await list.getByRole('button', { name: en.history.bring_back_draft }).click();
    await expect(list.getByRole('status')).toHaveText(en.history.brought_back);
    await expect(list.getByRole('listitem')).toHaveCount(0);
    expect((await draftOf(page)).data.draft.content.home.greeting.english).toBe(UNPUBLISHED_EDIT);
    await page.getByRole('link', { name: en.back }).click();
    await expect(page.getByRole('listitem').filter({ hasText: en.sections.home }).first()).toContainText(
      fill(en.state.changed_one, { count: 1 }),
    );
    await page.getByRole('link', { name: en.sections.home, exact: true }).click();
    await expect(page.getByRole('textbox', { name: `${en.fields.greeting} ${en.languages.english}` })).toHaveValue(
      UNPUBLISHED_EDIT,
    );
    expect(await homeGreeting(page)).not.toContain(UNPUBLISHED_EDIT);
  });

  test('says so plainly right after the restore, and "Bring them back" puts the edits back in one click; axe finds nothing serious in either theme', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 8, scans: 2 }));
    await signIn(page, 'english');
    await restore(page, start);
    const latest = await latestVersion(page);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: fill(en.history.restored_set_aside, { number: start, published: latest }) }),
    ).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.evaluate((value) => {
        document.documentElement.dataset.theme = value;
      }, theme);
      await expectNoAxeViolations(page, theme, { exclude: 'iframe' });
    }
    expect((await draftOf(page)).data.draft.content.home.greeting.english).toBe(original);

    const bringBack = page.getByRole('button', { name: en.history.bring_back, exact: true });
    await bringBack.click();
    const result = page.getByRole('status').filter({ hasText: en.history.brought_back });
    await expect(result).toBeVisible();
    await expect(result).toBeFocused();
    await expect(bringBack).toHaveCount(0);
    expect((await draftOf(page)).data.draft.content.home.greeting.english).toBe(UNPUBLISHED_EDIT);
    // The studio shows the draft it brought back, without a reload.
    await page.getByRole('link', { name: en.back }).click();
    await expect(page.getByRole('listitem').filter({ hasText: en.sections.home }).first()).toContainText(
      fill(en.state.changed_one, { count: 1 }),
    );
  });

  test('leaves the draft as published for the tests that follow', async ({ page }) => {
    await signIn(page, 'english');
    const { draft } = (await draftOf(page)).data;
    const published = await versionContent(page, await latestVersion(page));
    await ownerApi(page, 'PUT', '/draft', { content: published, basedOn: draft.basedOn, revision: draft.revision });
    expect((await draftOf(page)).data.draft.content).toEqual(published);
    expect(await versionContent(page, await latestVersion(page))).toEqual(await versionContent(page, start));
  });
});
