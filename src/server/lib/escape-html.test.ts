import { parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.js';

/** What a browser reads back from a fragment: the first element's text and attributes. */
function readBack(html: string): { text: string; attributes: Record<string, string> } {
  const [element] = parseFragment(html).childNodes;
  if (!element || !('attrs' in element)) throw new Error(`no element in ${html}`);
  const text = element.childNodes.map((node) => ('value' in node ? node.value : '')).join('');
  return { text, attributes: Object.fromEntries(element.attrs.map(({ name, value }) => [name, value])) };
}

const HOSTILE = [
  `& < > " '`,
  '</title><script>alert(1)</script>',
  `" onmouseover="alert(1)`,
  `' onfocus='alert(1)`,
  '&amp; is already an entity',
  "Dilnoza$' $&$`",
  'Oʻzbekiston — Ўзбекистон',
];

describe('escapeHtml', () => {
  it('turns each of & < > " \' into a numeric reference and leaves the rest alone', () => {
    expect(escapeHtml(`& < > " '`)).toBe('&#38; &#60; &#62; &#34; &#39;');
    expect(escapeHtml('Oʻzbekiston — Ўзбекистон')).toBe('Oʻzbekiston — Ўзбекистон');
    expect(escapeHtml('')).toBe('');
  });

  it.each(HOSTILE)('keeps %j as text in an element and in either kind of quoted attribute', (text) => {
    const escaped = escapeHtml(text);
    expect(readBack(`<p>${escaped}</p>`)).toEqual({ text, attributes: {} });
    expect(readBack(`<a title="${escaped}">x</a>`).attributes).toEqual({ title: text });
    expect(readBack(`<a title='${escaped}'>x</a>`).attributes).toEqual({ title: text });
  });

  it('escapes for XML too (sitemaps, Pango markup): no markup is left', () => {
    expect(escapeHtml('<b>Tom & "Jerry"</b>')).not.toMatch(/[<>"']|&(?!#\d+;)/);
  });
});
