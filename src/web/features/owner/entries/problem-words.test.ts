import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { entryPathWords } from './problem-words.js';

/** The key itself, its number when it has one: enough to see which words a path takes. */
const t = ((key: string, options?: { number?: number }) =>
  options?.number === undefined ? key : `${key} ${options.number}`) as unknown as TFunction<'studio'>;

describe('entryPathWords', () => {
  it('names a text by its field and its language apart, as publishing’s problems and the comparison do', () => {
    expect(entryPathWords(t, 'text.english.title')).toEqual({
      words: ['entries.fields.text', 'entries.fields.title'],
      language: 'languages.english',
    });
    expect(entryPathWords(t, 'title.russian')).toEqual({
      words: ['entries.fields.title'],
      language: 'languages.russian',
    });
    expect(entryPathWords(t, 'tags')).toEqual({ words: ['entries.fields.tags'], language: undefined });
  });

  it('names a gallery picture by its place counted from one, a link by its kind', () => {
    expect(entryPathWords(t, 'gallery.1.caption.lotin')).toEqual({
      words: ['entries.gallery_item 2', 'entries.fields.caption'],
      language: 'languages.lotin',
    });
    expect(entryPathWords(t, 'gallery')).toEqual({ words: ['entries.fields.gallery'], language: undefined });
    expect(entryPathWords(t, 'links.case_study')).toEqual({ words: ['entries.links.case_study'], language: undefined });
  });

  it('keeps a key it does not know (a field an older version had) as it is', () => {
    expect(entryPathWords(t, 'subtitle.english')).toEqual({ words: ['subtitle'], language: 'languages.english' });
  });
});
