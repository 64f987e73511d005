import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HTML_LANG, LOCALES, type Locale } from '../../shared/locales.js';

type Tree = { [key: string]: string | string[] | Tree };
const readFrom =
  (folder: string) =>
  (locale: string): Tree =>
    JSON.parse(readFileSync(`${folder}/${locale}.json`, 'utf8'));
const read = readFrom('src/web/i18n/locales');

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && !Array.isArray(value) ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    if (Array.isArray(value)) return value.map((item, index) => [`${prefix}${key}[${index}]`, item]);
    if (typeof value === 'object') return leaves(value, `${prefix}${key}.`);
    return [[`${prefix}${key}`, value]];
  });
}

// Spec §3: the translation keys every language must have.
const SPEC_KEYS = [
  'about.title',
  'about.sections.custom_text',
  'about.sections.experience',
  'about.sections.education',
  'about.sections.interests',
  'about.sections.services',
  'about.sections.skills.design',
  'about.sections.skills.languages',
  'about.sections.skills.coding',
  'about.sections.skills.knowledge',
  'home.title',
  'portfolio.title',
  'portfolio.groups.all',
  'contact.title',
  'contact.contact_form.title',
  'contact.contact_form.name',
  'contact.contact_form.email',
  'contact.contact_form.message',
  'contact.contact_form.send',
  'contact.contact_form.status.default',
  'contact.contact_form.status.sending',
  'contact.contact_form.status.success',
  'footer.subscribe',
  'errors.404.title',
  'errors.404.joke_descriptions',
  'errors.error_title',
  'others.language',
];

// Words that are the same in English and the other language on purpose.
const SAME_IN_ENGLISH = new Set(['portfolio.title']);

describe('translations', () => {
  const source = read('lotin');

  it.each(LOCALES)('%s has every key the spec names, and six jokes', (locale) => {
    const tree = read(locale);
    expect(keys(tree)).toEqual(expect.arrayContaining(SPEC_KEYS));
    expect((tree.errors as Tree)['404']).toMatchObject({ joke_descriptions: expect.any(Array) });
    expect(((tree.errors as Tree)['404'] as Tree).joke_descriptions).toHaveLength(6);
  });

  it('keeps the texts the spec gives', () => {
    const lotin = Object.fromEntries(leaves(source));
    expect(lotin).toMatchObject({
      'home.title': 'Bosh sahifa',
      'about.title': 'Men haqimda',
      'portfolio.title': 'Portfolio',
      'contact.title': "Bog'lanish",
      'errors.404.title': '404 – Topilmadi',
      'errors.error_title': 'Xatolik yuz berdi!',
      'contact.contact_form.status.sending': 'Yuborilmoqda...',
      'contact.contact_form.status.success': "Yuborildi :) Tez orada siz bilan bo'glanishadi!",
    });
    expect(Object.fromEntries(leaves(read('english')))['errors.error_title']).toBe('An error has occurred!');
  });
});

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/** Keys with a plural text's forms (`problems_one`, `problems_few`…) named once, by their base. */
const withoutPluralForms = (all: string[]) => [...new Set(all.map((key) => key.replace(PLURAL_FORM, '')))];

const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();

/**
 * The checks every set of translation files gets: the same keys as lotin, no English text left in
 * another language (but for `sameInEnglish`), and the `{{placeholders}}` of the source language kept.
 */
function checkTranslationFiles(
  title: string,
  readLocale: (locale: string) => Tree,
  { sameInEnglish = new Set<string>(), placeholdersFrom = 'lotin', minPlaceholders = 1 } = {},
) {
  describe(title, () => {
    const source = readLocale('lotin');

    it.each(LOCALES)('%s has exactly the keys of lotin', (locale) => {
      expect(withoutPluralForms(keys(readLocale(locale))).sort()).toEqual(withoutPluralForms(keys(source)).sort());
    });

    // Each language counts its own way (Russian: 1 ошибка, 3 ошибки, 5 ошибок; Uzbek: one form).
    it.each(LOCALES)('%s has every plural text in each form its language counts with', (locale: Locale) => {
      const all = keys(readLocale(locale));
      const categories = new Intl.PluralRules(HTML_LANG[locale]).resolvedOptions().pluralCategories;
      for (const base of withoutPluralForms(all.filter((key) => PLURAL_FORM.test(key)))) {
        const forms = all.filter((key) => PLURAL_FORM.test(key) && key.replace(PLURAL_FORM, '') === base);
        // i18next reads any key ending in _one, _few… as a plural form: one that is not must be renamed.
        const what = `${locale}: ${base} (a key ending in _one, _other… is a plural form to i18next)`;
        expect(forms.map((key) => key.slice(base.length + 1)).sort(), what).toEqual([...categories].sort());
      }
    });

    it.each(['lotin', 'russian'])('%s leaves no English text untranslated', (locale) => {
      const english = Object.fromEntries(leaves(readLocale('english')));
      const untranslated = leaves(readLocale(locale)).filter(
        ([key, value]) => !sameInEnglish.has(key) && english[key] === value && /[a-z]{3}/i.test(value),
      );
      expect(untranslated).toEqual([]);
    });

    it.each(LOCALES)(`%s keeps every {{placeholder}} of ${placeholdersFrom}`, (locale) => {
      const reference = leaves(readLocale(placeholdersFrom));
      // The reference has placeholders to compare, so the check below can see one go missing.
      expect(reference.filter(([, value]) => placeholders(value).length > 0).length).toBeGreaterThanOrEqual(
        minPlaceholders,
      );
      const translated = Object.fromEntries(leaves(readLocale(locale)));
      for (const [key, value] of reference) {
        expect(placeholders(translated[key] ?? ''), `${locale}: ${key}`).toEqual(placeholders(value));
      }
    });
  });
}

checkTranslationFiles('translations of the site', read, { sameInEnglish: SAME_IN_ENGLISH });

// The owner area's texts live in their own files (loaded with its code); the same checks hold there.
checkTranslationFiles('owner area translations', readFrom('src/web/i18n/owner-locales'), {
  // Names and loanwords written the same in Uzbek or Russian and English.
  sameInEnglish: new Set([
    'channels.telegram',
    'telegram_settings.title',
    'folders.spam',
    'states.spam',
    'actions.spam',
  ]),
  placeholdersFrom: 'english',
  minPlaceholders: 6,
});

// The content studio's texts (its own chunk in the owner area); the same checks hold there.
checkTranslationFiles('content studio translations', readFrom('src/web/i18n/studio-locales'), {
  // Language names are written in their own language everywhere; "Portfolio" is the same word; two
  // texts are only placeholders and punctuation.
  sameInEnglish: new Set([
    'languages.english',
    'languages.russian',
    'languages.lotin',
    'sections.portfolio',
    'list.item',
    'list.item_named',
    'publish.problem',
  ]),
  placeholdersFrom: 'english',
  minPlaceholders: 6,
});

// What the server sends the owner (e-mail and Telegram notifications, the weekly summary) lives
// with the server, which never imports the web app; the same checks hold there.
checkTranslationFiles('owner notification translations', readFrom('src/server/i18n/owner-notifications'), {
  // A digest's line is only the visitor's name, address and first line: no words of its own.
  sameInEnglish: new Set(['digest.line']),
  minPlaceholders: 6,
});

// Uzbek Latin writes oʻ and gʻ with the turned comma (U+02BB) and the tutuq belgisi of maʼlumot with
// the modifier apostrophe (U+02BC), as the owner's texts do; a quotation mark or an apostrophe in
// their place looks alike but sorts, searches and reads apart. (The visitor site's texts keep the
// spec's own spelling, "Bog'lanish".)
describe('the owner’s Uzbek texts', () => {
  it.each(['src/web/i18n/owner-locales', 'src/web/i18n/studio-locales', 'src/server/i18n/owner-notifications'])(
    '%s writes oʻ and gʻ with U+02BB and the tutuq belgisi with U+02BC',
    (folder) => {
      const misspelt = leaves(readFrom(folder)('lotin')).filter(([, value]) => /\p{L}[‘'`’]/u.test(value));
      expect(misspelt).toEqual([]);
    },
  );
});
