import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AddressWords, EmailAddress } from './email-address.js';

describe('EmailAddress', () => {
  it('may break after the @ and before each dot of the name, and nowhere in the domain', () => {
    expect(renderToStaticMarkup(<EmailAddress address="dilnoza.karimova@mail.example.com" />)).toBe(
      'dilnoza<wbr/>.karimova@<wbr/>mail.example.com',
    );
  });

  it('escapes what it is given, as any text', () => {
    expect(renderToStaticMarkup(<EmailAddress address={'<b>"x"@y.uz'} />)).toBe('&lt;b&gt;&quot;x&quot;@<wbr/>y.uz');
  });
});

describe('AddressWords', () => {
  it('may break after each slash and @ of the addresses in a text, and nowhere else it would not', () => {
    expect(renderToStaticMarkup(<AddressWords text="Link: github.com/example-dilnoza" />)).toBe(
      'Link: github.com/<wbr/>example-dilnoza',
    );
    expect(renderToStaticMarkup(<AddressWords text="Link: dilnoza.karimova@example.com" />)).toBe(
      'Link: dilnoza.karimova@<wbr/>example.com',
    );
    expect(renderToStaticMarkup(<AddressWords text="Highlight: 8+ <years>" />)).toBe('Highlight: 8+ &lt;years&gt;');
  });
});
