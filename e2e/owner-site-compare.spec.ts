import type { Locator, Page } from '@playwright/test';
import { expectCleanAtPhoneAndDesktop } from './axe.js';
import { budget, expect, test } from './fixtures.js';
import { signIn, useOwnerPassword } from './owner-support.js';
import { saved, studioTexts } from './studio-support.js';

const en = studioTexts.english;

type Content = Record<string, Record<string, unknown>> & {
  home: { greeting: Record<'lotin' | 'russian' | 'english', string> };
  identity: { role: Record<'lotin' | 'russian' | 'english', string> };
};
type Draft = { content: Content; revision: number; basedOn: number | null };

/** Calls the owner API from the page itself (its session, its origin), as the studio does. */
function api<Answer>(page: Page, method: string, url: string, body?: unknown): Promise<Answer> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const answer = await fetch(`/api/v1${url}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await answer.json()).data;
    },
    { method, url, body },
  );
}

const currentDraft = async (page: Page) => (await api<{ draft: Draft }>(page, 'GET', '/owner/content/draft')).draft;

/** Saves `change(content)` as the draft, from the draft's current revision. */
async function saveDraft(page: Page, change: (content: Content) => void): Promise<void> {
  const draft = await currentDraft(page);
  const content = structuredClone(draft.content);
  change(content);
  await api(page, 'PUT', '/owner/content/draft', { content, basedOn: draft.basedOn, revision: draft.revision });
}

/** Axe at a phone's width and on a desktop, in both themes, with no sideways scrolling. */
async function cleanEverywhere(page: Page, include?: string): Promise<void> {
  await expectCleanAtPhoneAndDesktop(page, 'the comparison', { include, exclude: 'iframe' });
}

/** The words a marked part of a text says to a screen reader and to the eye, e.g. "removed: Привет (end)". */
const marked = (kind: 'removed' | 'added' | 'different', words: string) =>
  new RegExp(`^\\s*${en.compare[kind]}\\s+${words}\\s+\\(?${en.compare.end.replace(/[()]/g, '')}\\)?\\s*$`);

/** One side of a row ("Version 1", "This page"): the box that holds its name and its text. */
const side = (row: Locator, name: string) =>
  row
    .locator('div')
    .filter({ has: row.page().getByText(name, { exact: true }) })
    .last();

// One owner, one draft, one history: these tests build on each other in order.
test.describe.configure({ mode: 'serial' });

test.describe('compare and conflicts in words', () => {
  useOwnerPassword();

  // Before signing in, the owner area asks for the session and the browser logs its 401. The preview
  // is a sandboxed frame that runs no script, which Chromium reports.
  test.beforeEach(({ allowConsoleErrors }) => {
    allowConsoleErrors(/status of 401/);
    allowConsoleErrors(/sandboxed/);
  });

  test('compare shows each language’s old and new text side by side, the changed words marked', async ({ page }) => {
    test.setTimeout(budget({ pages: 6, scans: 4 }));
    await signIn(page, 'english');
    const original = (await currentDraft(page)).content.home.greeting;
    await saveDraft(page, (content) => {
      content.home.greeting.russian = 'Здравствуйте, я';
      content.home.greeting.english = 'Hello there, I’m';
    });
    const published = await api<{ number: number }>(page, 'POST', '/owner/content/publish', { note: 'Compare test' });
    const older = published.number - 1;

    await page.goto('/owner/site/history');
    const version = page.getByRole('listitem').filter({
      has: page.getByRole('heading', {
        level: 2,
        name: en.history.version.replace('{{number}}', String(older)),
        exact: true,
      }),
    });
    await version.getByRole('button', { name: en.history.compare }).click();
    const greeting = version
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 4, name: `${en.sections.home} › ${en.fields.greeting}` }) });
    await expect(greeting).toBeVisible();

    // One row per changed language, in that language; Uzbek did not change, so it has none.
    const oldName = en.compare.older.replace('{{number}}', String(older));
    const newName = en.compare.newer.replace('{{number}}', String(published.number));
    const russian = greeting
      .locator('div')
      .filter({ has: page.getByText(en.languages.russian, { exact: true }) })
      .last();
    await expect(greeting.getByText(en.languages.lotin, { exact: true })).toHaveCount(0);
    await expect(side(russian, oldName).locator('p[lang="ru"]')).toHaveCount(1);
    await expect(side(russian, oldName).locator('del')).toHaveText(marked('removed', 'Привет'));
    await expect(side(russian, newName).locator('ins')).toHaveText(marked('added', 'Здравствуйте'));
    // Unchanged words are not marked.
    await expect(russian.locator('del, ins').filter({ hasText: ', я' })).toHaveCount(0);

    const english = greeting
      .locator('div')
      .filter({ has: page.getByText(en.languages.english, { exact: true }) })
      .last();
    await expect(side(english, oldName).locator('del')).toHaveText(marked('removed', 'Hi'));
    await expect(side(english, newName).locator('ins')).toHaveText(marked('added', 'Hello there'));
    // The marks are words to a screen reader too, not colour alone.
    await expect(side(english, newName).locator('ins .visually-hidden').first()).toHaveText(en.compare.added);
    await expect(greeting).not.toContainText('{');

    await cleanEverywhere(page);

    // The site goes back to its first greeting for the tests after these.
    await saveDraft(page, (content) => {
      content.home.greeting = original;
    });
    await api(page, 'POST', '/owner/content/publish', { note: 'Compare test, undone' });
  });

  test('a conflict shows this page’s and the saved texts side by side per language, never JSON', async ({
    context,
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(budget({ pages: 6, scans: 4 }));
    allowConsoleErrors(/status of 409/);
    await signIn(page, 'english');
    const original = (await currentDraft(page)).content.home;
    try {
      await page.goto('/owner/site/home');
      const second = await context.newPage();
      await second.goto('/owner/site/home');
      const field = (tab: Page, language: 'english' | 'russian') =>
        tab.getByRole('textbox', { name: `${en.fields.greeting} ${en.languages[language]}` });
      await expect(field(second, 'english')).toBeVisible();

      // The first tab saves two languages and a highlight; the second, still on the older draft, one language.
      await saved(page, async () => {
        await field(page, 'english').fill('Good morning, I’m');
        await field(page, 'russian').fill('Доброе утро, я');
        await page.getByRole('textbox', { name: en.fields.value, exact: true }).first().fill('9+');
        await page.getByRole('textbox', { name: en.fields.value, exact: true }).first().blur();
      });
      await expect
        .poll(async () => {
          const { home } = (await currentDraft(page)).content as unknown as {
            home: { greeting: Record<string, string>; highlights: { value: string }[] };
          };
          return [home.greeting.english, home.greeting.russian, home.highlights[0]?.value];
        })
        .toEqual(['Good morning, I’m', 'Доброе утро, я', '9+']);
      await field(second, 'english').fill('Good evening, I’m');
      await field(second, 'english').blur();

      const dialog = second.getByRole('dialog', { name: en.conflict.title });
      await expect(dialog).toBeVisible();
      const greeting = dialog.getByRole('listitem').filter({
        has: second.getByRole('heading', { level: 4, name: `${en.sections.home} › ${en.fields.greeting}` }),
      });
      const english = greeting
        .locator('div')
        .filter({ has: second.getByText(en.languages.english, { exact: true }) })
        .last();
      const russian = greeting
        .locator('div')
        .filter({ has: second.getByText(en.languages.russian, { exact: true }) })
        .last();
      // This page's version first, then the saved one; the words that differ marked on both.
      await expect(english.getByText(en.conflict.mine, { exact: true })).toBeVisible();
      await expect(side(english, en.conflict.mine).locator('mark')).toHaveText(marked('different', 'evening'));
      await expect(side(english, en.conflict.theirs).locator('mark')).toHaveText(marked('different', 'morning'));
      await expect(side(russian, en.conflict.theirs).locator('mark')).toHaveText(marked('different', 'Доброе утро'));
      await expect(side(russian, en.conflict.mine).locator('mark')).toHaveText(marked('different', 'Привет'));
      // A list item is named by its content, as people name it.
      await expect(
        dialog.getByRole('heading', {
          level: 4,
          name: new RegExp(
            `^${en.sections.home} › ${en.list.item_named.replace('{{item}}', en.item_names.highlights).replace('{{content}}', '8\\+')} › ${en.fields.value}`,
          ),
        }),
      ).toBeVisible();
      await expect(dialog).not.toContainText('{');
      await expect(dialog).not.toContainText('"');
      // The choices say what they do.
      await expect(dialog.getByRole('button', { name: en.conflict.keep_mine })).toHaveAccessibleDescription(
        en.conflict.keep_mine_hint,
      );
      await expect(dialog.getByRole('button', { name: en.conflict.take_theirs })).toHaveAccessibleDescription(
        en.conflict.take_theirs_hint,
      );

      await cleanEverywhere(second, 'dialog');

      await dialog.getByRole('button', { name: en.conflict.take_theirs }).click();
      await expect(dialog).toBeHidden();
      await expect(field(second, 'english')).toHaveValue('Good morning, I’m');
      await second.close();
    } finally {
      // The draft goes back to what it was, for the tests after these, even when this one failed.
      await saveDraft(page, (content) => {
        content.home = original;
      });
    }
  });

  test('fields are labelled in words with their hints, list items by their content; the forms pass axe', async ({
    page,
  }) => {
    test.setTimeout(budget({ pages: 4, scans: 8 }));
    await signIn(page, 'english');
    await page.goto('/owner/site/about');
    await expect(page.getByRole('heading', { level: 1, name: en.sections.about })).toBeVisible();
    const about = (await currentDraft(page)).content.about as {
      experience: { title: Record<string, string>; period: { from: number } }[];
    };
    const job = about.experience[0];
    const jobName = en.list.item_named
      .replace('{{item}}', en.item_names.experience)
      .replace('{{content}}', job?.title.english ?? '');
    // The item's fields are one group named by its content; the name shows once.
    const item = page.getByRole('group', { name: jobName, exact: true });
    await expect(item).toBeVisible();
    await expect(page.getByText(jobName, { exact: true })).toHaveCount(1);
    // "From", not "From (year)": what the field wants is its hint, read with it.
    const from = item.getByRole('spinbutton', { name: en.fields.from, exact: true });
    await expect(from).toHaveValue(String(job?.period.from));
    await expect(from).toHaveAccessibleDescription(en.field_hints.from);
    await expect(item.getByText(en.field_hints.from)).toBeVisible();
    await cleanEverywhere(page);

    await page.goto('/owner/site/home');
    await expect(page.getByText(en.fields.photo, { exact: true })).toBeVisible();
    await expect(page.getByText(en.field_hints.photo)).toBeVisible();
    await cleanEverywhere(page);
  });

  test('counts are words in each language: 1 problem, 2 problems', async ({ page }) => {
    test.setTimeout(budget({ pages: 4 }));
    await signIn(page, 'english');
    const original = (await currentDraft(page)).content.identity;
    const identity = () => page.getByRole('listitem').filter({ hasText: en.sections.identity }).first();

    await saveDraft(page, (content) => {
      content.identity.role.english = '';
    });
    await page.goto('/owner/site');
    await expect(identity()).toContainText(en.state.problems_one.replace('{{count}}', '1'));

    await saveDraft(page, (content) => {
      content.identity.role.russian = '';
    });
    await page.reload();
    await expect(identity()).toContainText(en.state.problems_other.replace('{{count}}', '2'));

    await saveDraft(page, (content) => {
      content.identity = original;
    });
  });
});
