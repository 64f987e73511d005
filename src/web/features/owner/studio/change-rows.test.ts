import { describe, expect, it } from 'vitest';
import { compareContent } from '../../../../shared/content-compare.js';
import { changeRows, wordParts } from './change-rows.js';

const changesOf = (before: unknown, after: unknown) => compareContent(before, after).flatMap(({ changes }) => changes);

describe('a change as texts side by side', () => {
  it('gives a translated field one row per changed language, in that language', () => {
    const [change] = changesOf(
      { home: { greeting: { lotin: 'Salom', russian: 'Привет, я', english: 'Hi' } } },
      { home: { greeting: { lotin: 'Salom', russian: 'Здравствуйте, я', english: 'Hello' } } },
    );
    expect(change && changeRows(change)).toEqual([
      { path: 'home.greeting.russian', locale: 'russian', before: 'Привет, я', after: 'Здравствуйте, я' },
      { path: 'home.greeting.english', locale: 'english', before: 'Hi', after: 'Hello' },
    ]);
  });

  it('gives a plain value one row, and an added item a row per text with nothing on the old side', () => {
    const [phone] = changesOf({ identity: { phone: '1' } }, { identity: { phone: '2' } });
    expect(phone && changeRows(phone)).toEqual([{ path: 'identity.phone', before: '1', after: '2' }]);
    const [added] = changesOf(
      { home: { highlights: [] } },
      { home: { highlights: [{ value: '8+', label: { lotin: 'yil', russian: 'лет', english: 'years' } }] } },
    );
    expect(added && changeRows(added)).toEqual([
      { path: 'home.highlights.0.value', after: '8+' },
      { path: 'home.highlights.0.label.lotin', locale: 'lotin', after: 'yil' },
      { path: 'home.highlights.0.label.russian', locale: 'russian', after: 'лет' },
      { path: 'home.highlights.0.label.english', locale: 'english', after: 'years' },
    ]);
  });

  it('has no rows for a moved item, and none for values that are not texts', () => {
    expect(changeRows({ path: 'portfolio.items.0', kind: 'moved', fromPath: 'portfolio.items.1' })).toEqual([]);
    expect(changeRows({ path: 'home.x', kind: 'changed', before: null, after: { a: null } })).toEqual([]);
  });
});

describe('words removed and added', () => {
  it('marks the changed words on each side and keeps the rest', () => {
    expect(wordParts('Hello, I am Ali', 'Hello, we are Ali!', 'english')).toEqual({
      before: [
        { text: 'Hello, ', kind: 'same' },
        { text: 'I am', kind: 'removed' },
        { text: ' Ali', kind: 'same' },
      ],
      after: [
        { text: 'Hello, ', kind: 'same' },
        { text: 'we are', kind: 'added' },
        { text: ' Ali', kind: 'same' },
        { text: '!', kind: 'added' },
      ],
    });
  });

  it('counts Cyrillic and Uzbek words as words, not letter by letter', () => {
    expect(wordParts('Привет, я', 'Здравствуйте, я', 'russian')).toEqual({
      before: [
        { text: 'Привет', kind: 'removed' },
        { text: ', я', kind: 'same' },
      ],
      after: [
        { text: 'Здравствуйте', kind: 'added' },
        { text: ', я', kind: 'same' },
      ],
    });
    expect(wordParts('men oʻqituvchi', 'men oʻquvchi', 'lotin').after).toEqual([
      { text: 'men ', kind: 'same' },
      { text: 'oʻquvchi', kind: 'added' },
    ]);
  });

  it('shows a very long text whole instead of diffing it word by word', () => {
    const long = 'a '.repeat(10_001);
    expect(wordParts(long, 'b', 'english')).toEqual({
      before: [{ text: long, kind: 'removed' }],
      after: [{ text: 'b', kind: 'added' }],
    });
  });
});
