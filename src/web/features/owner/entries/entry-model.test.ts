import { describe, expect, it } from 'vitest';
import { entryProblems, fromLocalInput, setLanguageText, textToList, toLocalInput } from './entry-model.js';

describe("the entries' editor model", () => {
  it('takes the date and time picker’s value with this browser’s offset, and shows it back the same', () => {
    const stored = fromLocalInput('2026-11-26T14:30');
    expect(stored).toMatch(/^2026-11-26T14:30:00[+-]\d\d:\d\d$/);
    expect(Date.parse(stored ?? '')).toBe(new Date(2026, 10, 26, 14, 30).getTime());
    expect(toLocalInput(stored)).toBe('2026-11-26T14:30');
    expect(fromLocalInput('')).toBeUndefined();
    // A date alone is midnight UTC, shown in the browser's own time.
    expect(toLocalInput('2026-11-20')).toBe(toLocalInput('2026-11-20T00:00:00Z'));
    expect(toLocalInput('not a date')).toBe('');
  });

  it('adds a language with its required texts when one is written, and drops it when all are emptied', () => {
    const start = { slug: 'a', text: {} };
    const started = setLanguageText(start, 'russian', 'title', 'Заголовок');
    expect(started.text).toEqual({ russian: { title: 'Заголовок', summary: '', body: '' } });
    const withAlt = setLanguageText(started, 'russian', 'cover_alt', 'Кошка');
    expect(setLanguageText(withAlt, 'russian', 'cover_alt', '').text).toEqual(started.text);
    expect(setLanguageText(started, 'russian', 'title', '').text).toEqual({});
  });

  it('names the problems as publishing does: a missing cover description is a text required', () => {
    const note = {
      slug: 'a-note',
      status: 'published',
      date: '2026-11-20',
      tags: [],
      cover: 'images/cover.png',
      text: { english: { title: 'T', summary: 'S', body: 'B' } },
    };
    expect([...entryProblems('notes', note)]).toEqual([['text.english.cover_alt', 'required']]);
    expect(entryProblems('notes', { ...note, cover: undefined }).size).toBe(0);
    expect(entryProblems('notes', { ...note, text: {} }).get('text')).toBeDefined();
  });

  it('reads a comma-separated list without empty items', () => {
    expect(textToList(' design, a11y ,, ')).toEqual(['design', 'a11y']);
  });
});
