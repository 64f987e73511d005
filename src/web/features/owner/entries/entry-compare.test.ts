import { describe, expect, it } from 'vitest';
import { changeRows } from '../studio/change-rows.js';
import { comparableEntry, compareEntries } from './entry-compare.js';

const note = (changes: Record<string, unknown> = {}, english: Record<string, unknown> = {}) => ({
  slug: 'first-note',
  status: 'published',
  date: '2026-11-20',
  tags: ['react', 'ssr'],
  text: {
    english: { title: 'Written in the studio', summary: 'A summary', body: 'A body with words.', ...english },
    russian: { title: 'Написано в студии', summary: 'Кратко', body: 'Текст.' },
  },
  ...changes,
});

describe('comparableEntry', () => {
  it('turns each language’s texts into one translated field per text, texts first, tags as one line', () => {
    expect(comparableEntry(note())).toEqual({
      title: { english: 'Written in the studio', russian: 'Написано в студии' },
      summary: { english: 'A summary', russian: 'Кратко' },
      body: { english: 'A body with words.', russian: 'Текст.' },
      slug: 'first-note',
      status: 'published',
      date: '2026-11-20',
      tags: 'react, ssr',
    });
    expect(Object.keys(comparableEntry(note()))).toEqual([
      'title',
      'summary',
      'body',
      'slug',
      'status',
      'date',
      'tags',
    ]);
  });

  it('keeps what does not fit an entry as it is (a draft can be any JSON)', () => {
    expect(comparableEntry('not an entry')).toEqual({});
    expect(comparableEntry({ text: { klingon: 'x' }, tags: [1, 2], extra: true })).toEqual({
      text: { klingon: 'x' },
      tags: [1, 2],
      extra: true,
    });
  });
});

describe('compareEntries', () => {
  it('finds nothing between equal versions', () => {
    expect(compareEntries(note(), note())).toEqual([]);
  });

  it('names a changed text by its field and the languages whose text changed', () => {
    const changes = compareEntries(note(), note({}, { title: 'Renamed in the studio' }));
    expect(changes).toEqual([
      {
        path: 'title',
        kind: 'changed',
        languages: ['english'],
        before: { english: 'Written in the studio', russian: 'Написано в студии' },
        after: { english: 'Renamed in the studio', russian: 'Написано в студии' },
      },
    ]);
    expect(changeRows(changes[0] as (typeof changes)[number])).toEqual([
      { path: 'title.english', locale: 'english', before: 'Written in the studio', after: 'Renamed in the studio' },
    ]);
  });

  it('lists the changes in the editor’s order, a field only the newer version has among them', () => {
    const older = note();
    const newer = note(
      { tags: ['react'], cover: '/uploads/cover.webp' },
      { body: 'A new body.', cover_alt: 'A cover' },
    );
    expect(compareEntries(older, newer).map(({ path, kind }) => `${path} ${kind}`)).toEqual([
      'body changed',
      'cover_alt added',
      'tags changed',
      'cover added',
    ]);
  });

  it('compares a project’s links and gallery item by item', () => {
    const project = (caption: string) => ({
      ...note(),
      links: { live: 'https://example.com' },
      gallery: [{ image: '/uploads/one.webp', caption: { english: caption } }],
    });
    const changes = compareEntries(project('One'), {
      ...project('One, renamed'),
      links: { live: 'https://example.com', code: 'https://github.com/example' },
    });
    expect(changes.map(({ path, kind }) => `${path} ${kind}`)).toEqual([
      'links.code added',
      'gallery.0.caption changed',
    ]);
  });
});
