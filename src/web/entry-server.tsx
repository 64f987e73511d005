import { LOCALES } from '../shared/locales.js';
import type { PageRenderer, PageRequest, RenderedPage } from '../shared/page-rendering.js';
import { APP_PATHS, type RouteName } from '../shared/paths.js';
import type { SiteContent } from '../shared/schemas/content.js';
import { translations } from './i18n/i18n.js';

/**
 * The web app's server bundle (built into dist/ssr/ by `npm run build`), loaded by the server at
 * start-up: page titles in every language and, per request variant, the page itself.
 */
export function createPageRenderer(_content: SiteContent): PageRenderer {
  const titles = Object.fromEntries(
    LOCALES.map((locale) => {
      const t = translations[locale];
      const perRoute: Record<RouteName, string> = {
        index: t.home.title,
        about: t.about.title,
        portfolio: t.portfolio.title,
        contact: t.contact.title,
        'not-found': t.errors['404'].title,
      };
      return [locale, perRoute];
    }),
  ) as PageRenderer['titles'];
  return {
    titles,
    jokeCount: translations.lotin.errors['404'].joke_descriptions.length,
    async render({ path }: PageRequest): Promise<RenderedPage> {
      const route = (Object.entries(APP_PATHS).find(([, appPath]) => appPath === path)?.[0] ??
        'not-found') as RouteName;
      return { status: route === 'not-found' ? 404 : 200, route, html: '', hydrationData: '' };
    },
  };
}
