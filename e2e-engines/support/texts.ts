import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { parseEntryFiles } from '../../src/server/content/entry-files.js';
import type { Collection } from '../../src/shared/schemas/collections.js';
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

/** One language of a collection's entry as the owner wrote it, with its body's h2 and h3 headings. */
export interface EntryText {
  title: string;
  summary: string;
  headings: string[];
}

/**
 * A demo entry (`content/<collection>/<slug>/<language>.md`) read as the server reads it
 * (`parseEntryFiles`): its title, summary and the headings its table of contents lists, in each
 * language it is written in.
 */
export function entryTexts(collection: Collection, slug: string): Partial<Record<Locale, EntryText>> {
  const files: Partial<Record<Locale, string>> = {};
  for (const locale of ['lotin', 'russian', 'english'] as const) {
    const file = `content/${collection}/${slug}/${locale}.md`;
    if (existsSync(file)) files[locale] = readFileSync(file, 'utf8');
  }
  const parsed = parseEntryFiles(collection, slug, files);
  if ('problems' in parsed) throw new Error(`content/${collection}/${slug}: ${parsed.problems.join('; ')}`);
  return Object.fromEntries(
    Object.entries(parsed.content.text).map(([locale, text]) => [
      locale,
      {
        title: text.title,
        summary: text.summary,
        // Plain headings only: the demo's are words, which the table of contents shows as written.
        headings: [...text.body.matchAll(/^#{2,3} (.+)$/gm)].map((match) => match[1] ?? ''),
      },
    ]),
  );
}

/** One language of an entry, which the journey needs to exist. */
export function entryText(collection: Collection, slug: string, locale: Locale): EntryText {
  const text = entryTexts(collection, slug)[locale];
  if (!text) throw new Error(`content/${collection}/${slug} has no ${locale}.md`);
  return text;
}
