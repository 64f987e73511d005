import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address.js';

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
