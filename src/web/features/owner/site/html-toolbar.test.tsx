import { describe, expect, it } from 'vitest';
import { applyHtmlFormat } from './html-toolbar.js';

const selecting = (text: string, selected: string) => [
  text.indexOf(selected),
  text.indexOf(selected) + selected.length,
];

describe('the footer HTML toolbar', () => {
  it('wraps the selection and keeps it selected', () => {
    const text = 'Made in Tashkent with care';
    const [start, end] = selecting(text, 'Tashkent');
    const edit = applyHtmlFormat(text, start ?? 0, end ?? 0, 'bold');
    expect(edit.text).toBe('Made in <strong>Tashkent</strong> with care');
    expect(edit.text.slice(edit.selectionStart, edit.selectionEnd)).toBe('Tashkent');
    expect(applyHtmlFormat(text, 0, 4, 'italic').text).toBe('<em>Made</em> in Tashkent with care');
    expect(applyHtmlFormat(text, 0, text.length, 'paragraph').text).toBe(`<p>${text}</p>`);
  });

  it('selects a new link’s address for the owner to type over', () => {
    const edit = applyHtmlFormat('Write to me', 9, 11, 'link');
    expect(edit.text).toBe('Write to <a href="https://">me</a>');
    expect(edit.text.slice(edit.selectionStart, edit.selectionEnd)).toBe('https://');
  });

  it('makes a list item of each selected line, or one empty item with the caret in it', () => {
    expect(applyHtmlFormat('one\n\ntwo ', 0, 9, 'list').text).toBe('<ul>\n  <li>one</li>\n  <li>two</li>\n</ul>');
    const empty = applyHtmlFormat('ab', 1, 1, 'list');
    expect(empty.text).toBe('a<ul>\n  <li></li>\n</ul>b');
    expect(empty.text.slice(0, empty.selectionStart)).toBe('a<ul>\n  <li>');
    expect(empty.selectionEnd).toBe(empty.selectionStart);
  });
});
