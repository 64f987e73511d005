import { describe, expect, it } from 'vitest';
import { isLocale, resolveLocale } from './locales.js';
import { isSection } from './sections.js';

describe('resolveLocale', () => {
  it('keeps a known locale', () => {
    expect(resolveLocale('russian')).toBe('russian');
    expect(resolveLocale('english')).toBe('english');
  });

  it.each([undefined, null, '', 'uz', 'English', 42, {}])('falls back to lotin for %s', (value) => {
    expect(resolveLocale(value)).toBe('lotin');
    expect(isLocale(value)).toBe(false);
  });
});

describe('isSection', () => {
  it('accepts exactly the four sections', () => {
    expect(['home', 'about', 'portfolio', 'footer'].every(isSection)).toBe(true);
    expect(['contact', 'HOME', '', '../home', 'footer '].some(isSection)).toBe(false);
  });
});
