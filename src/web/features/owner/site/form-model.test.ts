import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { LOCALES, type Locale } from '../../../../shared/locales.js';
import {
  contentFiles,
  imagePathSchema,
  localizedLongTextSchema,
  localizedTextSchema,
} from '../../../../shared/schemas/content.js';
import { field } from '../../../../shared/schemas/field-meta.js';
import {
  changeList,
  draftProblems,
  emptyValue,
  type FieldNode,
  fieldId,
  fieldNode,
  itemContent,
  missingTranslations,
  nodesOf,
  pathParts,
  SECTION_FORMS,
  SECTION_NAMES,
  setAt,
} from './form-model.js';

type StudioTexts = Record<'fields' | 'field_hints' | 'item_names' | 'sections', Record<string, string | undefined>>;

const studioTexts = (locale: string) =>
  JSON.parse(readFileSync(`src/web/i18n/studio-locales/${locale}.json`, 'utf8')) as StudioTexts;

const TEXTS = Object.fromEntries(LOCALES.map((locale) => [locale, studioTexts(locale)])) as Record<Locale, StudioTexts>;

/** The demo site's content, as the server imports it from content/. */
const demo = Object.fromEntries(
  SECTION_NAMES.map((section) => [section, parse(readFileSync(`content/${contentFiles[section].file}`, 'utf8'))]),
);

const allNodes = (forms: Record<string, FieldNode>) =>
  Object.entries(forms).flatMap(([section, form]) => nodesOf(form, section));

/** The fields of forms (an object's keys, each of which needs a label), by path. */
const fieldsOf = (forms: Record<string, FieldNode>) =>
  allNodes(forms).flatMap(({ path, node }) =>
    node.kind === 'object' ? node.fields.map((field) => ({ path: `${path}.${field.key}`, node: field.node })) : [],
  );

/**
 * What forms leave unnamed: a field without a label, a list without an item name, and each of the
 * studio's words they use that a language lacks (`russian: fields.title`).
 */
function unnamed(forms: Record<string, FieldNode>, texts: Record<Locale, StudioTexts> = TEXTS): string[] {
  const nodes = allNodes(forms);
  const words = {
    fields: nodes.map(({ node }) => node.label),
    field_hints: nodes.map(({ node }) => node.hint),
    item_names: nodes.map(({ node }) => (node.kind === 'list' ? node.itemName : undefined)),
  };
  return [
    ...fieldsOf(forms)
      .filter(({ node }) => !node.label)
      .map(({ path }) => `${path}: no label`),
    ...nodes.filter(({ node }) => node.kind === 'list' && !node.itemName).map(({ path }) => `${path}: no item name`),
    ...LOCALES.flatMap((locale) =>
      Object.entries(words).flatMap(([kind, keys]) =>
        [...new Set(keys)]
          .filter((key) => key !== undefined && !texts[locale][kind as keyof typeof words][key])
          .map((key) => `${locale}: ${kind}.${key}`),
      ),
    ),
  ];
}

describe('the forms made from the content schemas', () => {
  it('draw every field of every section: no schema kind is left without an editor', () => {
    expect(allNodes(SECTION_FORMS).filter(({ node }) => node.kind === 'unsupported')).toEqual([]);
  });

  it('name every field, every list’s items and every section in each interface language', () => {
    expect(unnamed(SECTION_FORMS)).toEqual([]);
    for (const locale of LOCALES) {
      expect(
        SECTION_NAMES.filter((section) => !TEXTS[locale].sections[section]),
        locale,
      ).toEqual([]);
    }
    const lists = allNodes(SECTION_FORMS).flatMap(({ node }) => (node.kind === 'list' ? [node.itemName] : []));
    expect(lists).toEqual(expect.arrayContaining(['highlights', 'experience', 'knowledge', 'items', 'tags']));
  });

  it('find a label, a hint or an item name one language lacks, and a field or list left unnamed', () => {
    const without = (locale: Locale, kind: keyof StudioTexts, key: string) => ({
      ...TEXTS,
      [locale]: { ...TEXTS[locale], [kind]: { ...TEXTS[locale][kind], [key]: undefined } },
    });
    expect(unnamed(SECTION_FORMS, without('russian', 'fields', 'summary'))).toEqual(['russian: fields.summary']);
    expect(unnamed(SECTION_FORMS, without('lotin', 'field_hints', 'photo'))).toEqual(['lotin: field_hints.photo']);
    expect(unnamed(SECTION_FORMS, without('english', 'item_names', 'tags'))).toEqual(['english: item_names.tags']);
    const bare = fieldNode(z.strictObject({ note: z.string(), tags: field(z.array(z.string()), { label: 'tags' }) }));
    expect(unnamed({ home: bare })).toEqual(['home.note: no label', 'home.tags: no item name']);
  });

  it('give hints only to fields that have them', () => {
    const hints = new Set<string | undefined>(allNodes(SECTION_FORMS).map(({ node }) => node.hint));
    for (const locale of LOCALES) {
      expect(
        Object.keys(TEXTS[locale].field_hints).filter((key) => !hints.has(key)),
        locale,
      ).toEqual([]);
    }
  });

  it('tell each address field what it takes: the social links take mailto: too, the projects https:// alone', () => {
    const addresses = fieldsOf(SECTION_FORMS).filter(({ path }) => path.endsWith('.url'));
    expect(addresses.length).toBeGreaterThan(1);
    for (const { path, node } of addresses) {
      for (const locale of LOCALES) {
        const hint = TEXTS[locale].field_hints[node.hint ?? ''] ?? '';
        expect(hint.includes('mailto:'), `${locale}: ${path}`).toBe(path.includes('social'));
      }
    }
  });

  it('labels fields in words, with no explanation in brackets', () => {
    for (const locale of LOCALES) {
      const bracketed = Object.entries(TEXTS[locale].fields).filter(([, label]) => /[()]/.test(label ?? ''));
      expect(bracketed, locale).toEqual([]);
    }
  });

  it('maps each schema kind to its control, with the limits of the schema', () => {
    const kinds = Object.fromEntries(allNodes(SECTION_FORMS).map(({ path, node }) => [path, node]));
    expect(kinds['home.greeting']).toMatchObject({ kind: 'translated', max: 2000, multiline: false, optional: false });
    expect(kinds['home.intro']).toMatchObject({ kind: 'translated', multiline: true });
    expect(kinds['footer.description']).toMatchObject({ kind: 'translated', html: true, multiline: true });
    // A paragraph gets a small text area: in a one-line input a job's description showed "I lead the design of t".
    for (const path of [
      'about.experience.*.description',
      'about.services.*.description',
      'portfolio.items.*.summary',
    ]) {
      expect(kinds[path], path).toMatchObject({ kind: 'translated', multiline: true, lines: 3 });
    }
    expect(kinds['home.intro']).not.toHaveProperty('lines');
    expect(kinds['identity.location']).toMatchObject({ kind: 'translated', optional: true });
    expect(kinds['identity.email']).toMatchObject({ kind: 'text', format: 'email', optional: true });
    expect(kinds['home.photo']).toMatchObject({ kind: 'picture' });
    expect(kinds['portfolio.items.*.image']).toMatchObject({ kind: 'picture' });
    expect(kinds['home.highlights']).toMatchObject({ kind: 'list', min: 0, max: 4 });
    expect(kinds['portfolio.groups']).toMatchObject({ kind: 'list', min: 1, max: 20 });
    expect(kinds['about.experience.*.period.to']).toMatchObject({
      kind: 'number',
      min: 1950,
      max: 2100,
      optional: true,
    });
    expect(kinds['footer.social_links.*.icon']).toMatchObject({ kind: 'social-icon' });
    expect(kinds['about.interests.*.icon']).toMatchObject({ kind: 'text', max: 60 });
  });

  it('a new field in a schema appears in its form by itself', () => {
    const grown = contentFiles.home.schema.extend({
      motto: z.strictObject({ lotin: z.string(), russian: z.string(), english: z.string() }),
    });
    const node = fieldNode(grown);
    expect(node.kind === 'object' && node.fields.map(({ key }) => key)).toContain('motto');
    expect(nodesOf(node, 'home').find(({ path }) => path === 'home.motto')?.node.kind).toBe('translated');
  });

  // Collections add kinds of entry (projects, notes): each must get its form with no change to the studio.
  it('makes the whole form of a kind of entry it has never seen, from its schema alone', () => {
    const note = z.strictObject({
      title: field(localizedTextSchema, { label: 'title' }),
      body: field(localizedLongTextSchema, { label: 'description' }),
      picture: field(imagePathSchema, { label: 'image', hint: 'image' }),
      year: field(z.int().min(2000).max(2100), { label: 'year' }).optional(),
      tags: field(z.array(z.string().trim().min(1).max(40)).min(1).max(12), { label: 'tags', itemName: 'tags' }),
    });
    const form = fieldNode(note);
    const translated = { kind: 'translated', max: 2000, multiline: false, html: false, optional: false };
    expect(form).toEqual({
      kind: 'object',
      optional: false,
      fields: [
        { key: 'title', node: { ...translated, label: 'title' } },
        { key: 'body', node: { ...translated, max: 10_000, multiline: true, label: 'description' } },
        { key: 'picture', node: { kind: 'picture', optional: false, label: 'image', hint: 'image' } },
        { key: 'year', node: { kind: 'number', min: 2000, max: 2100, optional: true, label: 'year' } },
        {
          key: 'tags',
          node: {
            kind: 'list',
            min: 1,
            max: 12,
            optional: false,
            label: 'tags',
            itemName: 'tags',
            item: { kind: 'text', max: 40, multiline: false, optional: false },
          },
        },
      ],
    });
    expect(unnamed({ note: form })).toEqual([]);
    expect(emptyValue(form)).toEqual({
      title: { lotin: '', russian: '', english: '' },
      body: { lotin: '', russian: '', english: '' },
      picture: '',
      tags: [],
    });
  });

  it('a new list item is empty where it is required, so its errors show', () => {
    const node = nodesOf(SECTION_FORMS.about, 'about').find(({ path }) => path === 'about.experience.*')?.node;
    expect(node && emptyValue(node)).toEqual({
      period: { from: 1950 },
      title: { lotin: '', russian: '', english: '' },
      place: { lotin: '', russian: '', english: '' },
      description: { lotin: '', russian: '', english: '' },
    });
  });
});

describe('lists', () => {
  const list = ['a', 'b', 'c'];

  it('move an item up and down, and stay as they are past either end', () => {
    expect(changeList(list, { type: 'move', index: 2, to: 1 })).toEqual(['a', 'c', 'b']);
    expect(changeList(list, { type: 'move', index: 0, to: 1 })).toEqual(['b', 'a', 'c']);
    expect(changeList(list, { type: 'move', index: 0, to: -1 })).toEqual(list);
    expect(changeList(list, { type: 'move', index: 2, to: 3 })).toEqual(list);
  });

  it('add, remove and duplicate (a copy, not the same object), leaving the original list alone', () => {
    const items = [{ tags: ['x'] }];
    const duplicated = changeList(items, { type: 'duplicate', index: 0 }) as { tags: string[] }[];
    expect(duplicated).toEqual([{ tags: ['x'] }, { tags: ['x'] }]);
    expect(duplicated[1]).not.toBe(items[0]);
    expect(changeList(list, { type: 'add', item: 'd' })).toEqual(['a', 'b', 'c', 'd']);
    expect(changeList(list, { type: 'remove', index: 1 })).toEqual(['a', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
    expect(changeList(undefined, { type: 'add', item: 1 })).toEqual([1]);
  });
});

describe('the draft', () => {
  it('sets a value deep inside without changing the rest, and removes a key set to undefined', () => {
    const before = { home: { greeting: { lotin: 'a', russian: 'b', english: 'c' } }, about: { x: 1 } };
    const after = setAt(before, ['home', 'greeting', 'russian'], 'Привет') as typeof before;
    expect(after.home.greeting).toEqual({ lotin: 'a', russian: 'Привет', english: 'c' });
    expect(after.about).toBe(before.about);
    expect(before.home.greeting.russian).toBe('b');
    expect(setAt({ identity: { phone: '1', email: 'e' } }, ['identity', 'phone'], undefined)).toEqual({
      identity: { email: 'e' },
    });
    expect(setAt({ list: ['a', 'b'] }, ['list', 1], 'c')).toEqual({ list: ['a', 'c'] });
  });

  it('has no problems as the demo content, and names each one as publishing does', () => {
    expect([...draftProblems(demo)]).toEqual([]);
    const broken = setAt(setAt(demo, ['home', 'greeting', 'russian'], '  '), ['identity', 'email'], 'nope');
    expect(Object.fromEntries(draftProblems(broken))).toEqual({
      'home.greeting.russian': 'required',
      'identity.email': 'invalid_email',
    });
    expect(fieldId('home.greeting.russian')).toBe('field-home-greeting-russian');
  });

  it('lists the translated fields missing a language', () => {
    expect(missingTranslations('home', demo)).toEqual([]);
    const broken = setAt(demo, ['home', 'highlights', 0, 'label', 'english'], '');
    expect(missingTranslations('home', broken)).toEqual([{ path: 'home.highlights.0.label', missing: ['english'] }]);
  });
});

describe('list items named by their content', () => {
  it('take the item’s text, or its first naming field, in the interface language first', () => {
    const highlight = { value: '8+', label: { lotin: 'yil tajriba', russian: 'лет опыта', english: 'years' } };
    expect(itemContent(highlight, 'english')).toBe('8+');
    expect(
      itemContent(
        { period: { from: 2020 }, title: { lotin: 'Dasturchi', russian: '', english: 'Developer' } },
        'russian',
      ),
    ).toBe('Dasturchi');
    expect(
      itemContent({ title: { lotin: 'Dasturchi', russian: 'Разработчик', english: 'Developer' } }, 'russian'),
    ).toBe('Разработчик');
    expect(itemContent({ lotin: 'Figma', russian: 'Figma', english: 'Figma' }, 'english')).toBe('Figma');
    expect(itemContent('  react\n native ', 'english')).toBe('react native');
    expect(itemContent({ url: 'https://github.com/me', icon: 'github' }, 'english')).toBe('github.com/me');
  });

  it('name a link by its address without the scheme, as a reader writes it', () => {
    expect(itemContent({ url: 'https://t.me/example_dilnoza/', icon: 'telegram' }, 'english')).toBe(
      't.me/example_dilnoza',
    );
    expect(itemContent({ url: 'http://example.uz', icon: 'link' }, 'english')).toBe('example.uz');
    expect(itemContent({ url: 'mailto:dilnoza.karimova@example.com', icon: 'email' }, 'english')).toBe(
      'dilnoza.karimova@example.com',
    );
    // Only a link's address: a title that starts like one is the owner's own words.
    expect(itemContent({ title: 'https://kept.example' }, 'english')).toBe('https://kept.example');
    expect(itemContent({ url: '', icon: 'github' }, 'english')).toBe('github');
  });

  it('have no content while empty, never read inherited names, and are cut to one line', () => {
    expect(itemContent({ value: '', label: { lotin: '', russian: '', english: '' } }, 'english')).toBeUndefined();
    expect(itemContent({}, 'english')).toBeUndefined();
    expect(itemContent(Object.create({ title: 'inherited' }), 'english')).toBeUndefined();
    expect(itemContent(42, 'english')).toBeUndefined();
    const long = itemContent({ title: { lotin: 'x'.repeat(100), russian: '', english: '' } }, 'lotin');
    expect(long).toHaveLength(40);
    expect(long?.endsWith('…')).toBe(true);
  });

  it('put a field’s path in parts: sections, fields, items (by content, else by place) and a last language', () => {
    const content = { about: { experience: [{ title: { lotin: 'A', russian: 'Б', english: 'B' } }, {}] } };
    const experience = { kind: 'item', list: 'experience', label: 'experience', itemName: 'experience' };
    expect(pathParts('about.experience.0.title.russian', content, 'english')).toEqual([
      { kind: 'section', section: 'about' },
      { ...experience, index: 0, content: 'B' },
      { kind: 'field', key: 'title', label: 'title' },
      { kind: 'language', locale: 'russian' },
    ]);
    expect(pathParts('about.experience.1.place', content, 'english')).toEqual([
      { kind: 'section', section: 'about' },
      { ...experience, index: 1 },
      { kind: 'field', key: 'place', label: 'place' },
    ]);
    expect(pathParts('home.greeting', undefined, 'english')).toEqual([
      { kind: 'section', section: 'home' },
      { kind: 'field', key: 'greeting', label: 'greeting' },
    ]);
    expect(pathParts('home.motto', undefined, 'english')).toEqual([
      { kind: 'section', section: 'home' },
      { kind: 'field', key: 'motto' },
    ]);
    expect(pathParts('about.toString.0', {}, 'english')).toEqual([
      { kind: 'section', section: 'about' },
      { kind: 'item', list: 'toString', index: 0 },
    ]);
  });
});
