import { cvPath } from '../../shared/cv.js';
import { HTML_LANG, type Locale } from '../../shared/locales.js';
import type { SiteContent } from '../../shared/schemas/content.js';
import { CV_LABELS } from './cv-labels.js';

/** schema.org: the CV in this language, as the about page's `Person` names it (`subjectOf`). */
export function cvJsonLd(content: SiteContent, origin: string, locale: Locale) {
  const { first_name, last_name } = content.identity;
  return {
    '@type': 'DigitalDocument',
    name: `${first_name[locale]} ${last_name[locale]} — ${CV_LABELS[locale].documentTitle}`,
    url: `${origin}${cvPath(locale)}`,
    encodingFormat: 'application/pdf',
    inLanguage: HTML_LANG[locale],
  };
}
