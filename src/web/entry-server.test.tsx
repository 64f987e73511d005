import { describe, expect, it } from 'vitest';
import { sampleContent } from '../server/test/sample-content.js';
import { LOCALES } from '../shared/locales.js';
import { pageAtPath } from '../shared/pages.js';
import { createPageRenderer } from './entry-server.js';
import { translations } from './i18n/translations.js';

describe('the server renderer', () => {
  it('renders pages at the same time, each in its own visitor theme', async () => {
    const renderer = await createPageRenderer(sampleContent());
    const requests = ['/', '/about', '/portfolio', '/contact', '/nowhere'].flatMap((path) =>
      (['dark', 'light', undefined] as const).map((theme) => ({ path, theme })),
    );
    const pages = await Promise.all(
      requests.map((request) => renderer.render({ ...request, locale: 'lotin', jokeIndex: 0 })),
    );
    for (const [index, { path, theme }] of requests.entries()) {
      const page = pages[index];
      // Spec §2: the toggle shows a sun while the dark theme is on; without a stored theme it starts as in light.
      expect(page?.html, `${path} in ${theme}`).toContain(`data-theme-icon="${theme === 'dark' ? 'sun' : 'moon'}"`);
      expect(page?.page).toBe(path === '/nowhere' ? 'not-found' : pageAtPath(path));
      expect(page?.status).toBe(path === '/nowhere' ? 404 : 200);
    }
  });

  it("gives every page's title in every language from its title key", async () => {
    const { titles } = await createPageRenderer(sampleContent());
    // Spec §2's titles in lotin.
    expect(titles.lotin).toEqual({
      index: 'Bosh sahifa',
      about: 'Men haqimda',
      portfolio: 'Portfolio',
      contact: "Bog'lanish",
      // Issue 27: a note's and a project's own title is the entry's (the layout and the page head).
      notes: 'Qaydlar',
      note: 'Qaydlar',
      project: 'Portfolio',
      'not-found': '404 – Topilmadi',
    });
    for (const locale of LOCALES) {
      expect(titles[locale].about).toBe(translations[locale].about.title);
      expect(titles[locale]['not-found']).toBe(translations[locale].errors['404'].title);
    }
  });
});
