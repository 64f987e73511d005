import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { SiteContent } from '../../src/shared/schemas/content.js';

type Locale = 'lotin' | 'russian' | 'english';
type SiteTexts = typeof import('../../src/web/i18n/locales/lotin.json');
type OwnerTexts = typeof import('../../src/web/i18n/owner-locales/lotin.json');

function readLocales<Texts>(folder: string): Record<Locale, Texts> {
  return Object.fromEntries(
    (['lotin', 'russian', 'english'] as const).map((locale) => [
      locale,
      JSON.parse(readFileSync(`src/web/i18n/${folder}/${locale}.json`, 'utf8')) as Texts,
    ]),
  ) as Record<Locale, Texts>;
}

/** The app's own translations: the journeys expect exactly what people are shown. */
export const texts = readLocales<SiteTexts>('locales');
export const ownerTexts = readLocales<OwnerTexts>('owner-locales');

/** What the owner wrote in a content file (the journeys' server serves `content/`). */
export function ownerContent<Name extends keyof SiteContent>(name: Name): SiteContent[Name] {
  return parse(readFileSync(`content/${name}.yaml`, 'utf8')) as SiteContent[Name];
}

/** The owner's name as the page titles start, in one language. */
export function ownerName(locale: Locale): string {
  const identity = ownerContent('identity');
  return `${identity.first_name[locale]} ${identity.last_name[locale]}`;
}
