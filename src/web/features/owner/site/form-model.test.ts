import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { LOCALES } from '../../../../shared/locales.js';
import { contentFiles } from '../../../../shared/schemas/content.js';
import {
  changeList,
  draftProblems,
  emptyValue,
  fieldId,
  fieldKeys,
  fieldNode,
  itemContent,
  listKeys,
  missingTranslations,
  nodesOf,
  pathParts,
  SECTION_FORMS,
  SECTION_NAMES,
  setAt,
} from './form-model.js';

const studioTexts = (locale: string) =>
  JSON.parse(readFileSync(`src/web/i18n/studio-locales/${locale}.json`, 'utf8')) as {
    fields: Record<string, string>;
    field_hints: Record<string, string>;
    item_names: Record<string, string>;
    sections: Record<string, string>;
  };

/** The demo site's content, as the server imports it from content/. */
const demo = Object.fromEntries(
  SECTION_NAMES.map((section) => [section, parse(readFileSync(`content/${contentFiles[section].file}`, 'utf8'))]),
);

describe('the forms made from the content schemas', () => {
  it('draw every field of every section: no schema kind is left without an editor', () => {
    const unsupported = SECTION_NAMES.flatMap((section) => nodesOf(SECTION_FORMS[section], section)).filter(
      ({ node }) => node.kind === 'unsupported',
    );
    expect(unsupported).toEqual([]);
  });

  it('name every field in each interface language, and every section', () => {
    const keys = [...new Set(SECTION_NAMES.flatMap((section) => fieldKeys(SECTION_FORMS[section])))];
    for (const locale of LOCALES) {
      const texts = studioTexts(locale);
      expect(
        keys.filter((key) => !texts.fields[key]),
        locale,
      ).toEqual([]);
      expect(
        SECTION_NAMES.filter((section) => !texts.sections[section]),
        locale,
      ).toEqual([]);
    }
  });

  it('names the items of every list in each language, and gives hints only to fields that exist', () => {
    const lists = [...new Set(SECTION_NAMES.flatMap((section) => listKeys(SECTION_FORMS[section])))];
    const keys = new Set(SECTION_NAMES.flatMap((section) => fieldKeys(SECTION_FORMS[section])));
    expect(lists).toEqual(expect.arrayContaining(['highlights', 'experience', 'knowledge', 'items', 'tags']));
    for (const locale of LOCALES) {
      const texts = studioTexts(locale);
      expect(
        lists.filter((key) => !texts.item_names[key]),
        locale,
      ).toEqual([]);
      expect(
        Object.keys(texts.field_hints).filter((key) => !keys.has(key)),
        locale,
      ).toEqual([]);
    }
  });

  // Field labels are words people use: what a field wants (a path, a range, a format) is its hint.
  it('labels fields in words, with no explanation in brackets', () => {
    for (const locale of LOCALES) {
      const bracketed = Object.entries(studioTexts(locale).fields).filter(([, label]) => /[()]/.test(label));
      expect(bracketed, locale).toEqual([]);
    }
  });

  it('maps each schema kind to its control, with the limits of the schema', () => {
    const kinds = Object.fromEntries(
      SECTION_NAMES.flatMap((section) => nodesOf(SECTION_FORMS[section], section)).map(({ path, node }) => [
        path,
        node,
      ]),
    );
    expect(kinds['home.greeting']).toMatchObject({ kind: 'translated', max: 2000, multiline: false, optional: false });
    expect(kinds['home.intro']).toMatchObject({ kind: 'translated', multiline: true });
    expect(kinds['footer.description']).toMatchObject({ kind: 'translated', html: true, multiline: true });
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
    const node = fieldNode(grown, ['home']);
    expect(node.kind === 'object' && node.fields.map(({ key }) => key)).toContain('motto');
    expect(nodesOf(node, 'home').find(({ path }) => path === 'home.motto')?.node.kind).toBe('translated');
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
    expect(itemContent({ url: 'https://github.com/me', icon: 'github' }, 'english')).toBe('https://github.com/me');
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
    expect(pathParts('about.experience.0.title.russian', content, 'english')).toEqual([
      { kind: 'section', section: 'about' },
      { kind: 'item', list: 'experience', index: 0, content: 'B' },
      { kind: 'field', key: 'title' },
      { kind: 'language', locale: 'russian' },
    ]);
    expect(pathParts('about.experience.1.place', content, 'english')).toEqual([
      { kind: 'section', section: 'about' },
      { kind: 'item', list: 'experience', index: 1 },
      { kind: 'field', key: 'place' },
    ]);
    expect(pathParts('home.greeting', undefined, 'english')).toEqual([
      { kind: 'section', section: 'home' },
      { kind: 'field', key: 'greeting' },
    ]);
    expect(pathParts('about.toString.0', {}, 'english')).toEqual([
      { kind: 'section', section: 'about' },
      { kind: 'item', list: 'toString', index: 0 },
    ]);
  });
});
