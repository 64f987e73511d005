import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

export type StudioTexts = typeof import('../src/web/i18n/studio-locales/english.json');

/** The studio's own translation files: the tests expect exactly what the owner is shown. */
export const studioTexts = Object.fromEntries(
  ['lotin', 'russian', 'english'].map((locale) => [
    locale,
    JSON.parse(readFileSync(`src/web/i18n/studio-locales/${locale}.json`, 'utf8')) as StudioTexts,
  ]),
) as Record<'lotin' | 'russian' | 'english', StudioTexts>;

/** Whether a request is the studio's autosave of the draft. */
export const isDraftSave = (url: string, method: string) =>
  url.endsWith('/api/v1/owner/content/draft') && method === 'PUT';

/** Makes an edit and waits for the autosave that follows it to be answered, and for the page to say so. */
export async function saved(page: Page, edit: () => Promise<void>, texts: StudioTexts = studioTexts.english) {
  const answer = page.waitForResponse((response) => isDraftSave(response.url(), response.request().method()));
  await edit();
  await answer;
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`^${texts.save.saved}$`) })).toBeVisible();
}
