import { describe, expect, it } from 'vitest';
import { themeFromCookies } from './theme.js';

describe('themeFromCookies', () => {
  it('reads the theme cookie wherever it stands among the cookies', () => {
    expect(themeFromCookies('theme=dark')).toBe('dark');
    expect(themeFromCookies('a=1; theme=light; b=2')).toBe('light');
  });

  it('reads anything else as no choice', () => {
    expect(themeFromCookies(undefined)).toBeUndefined();
    expect(themeFromCookies('')).toBeUndefined();
    expect(themeFromCookies('theme=blue')).toBeUndefined();
    expect(themeFromCookies('mytheme=dark')).toBeUndefined();
  });
});
