import { describe, expect, it } from 'vitest';
import { countryFlag, countryNames } from './country-names.js';

describe('countries by name and flag', () => {
  it('names a code in the language asked, Uzbek from the site’s own table, and null as unknown', () => {
    const uzbek = countryNames('uz-Latn', '(nomaʼlum)');
    expect(uzbek('UZ')).toBe('Oʻzbekiston');
    expect(uzbek('RU')).toBe('Rossiya');
    expect(uzbek(null)).toBe('(nomaʼlum)');
    expect(countryNames('ru', '(неизвестно)')('UZ')).toBe('Узбекистан');
    expect(countryNames('en', '(unknown)')('KZ')).toBe('Kazakhstan');
    // A code nobody names is shown as it is, never an error.
    expect(countryNames('en', '')('QQ')).toBe('QQ');
    expect(countryNames('en', '')('not a code')).toBe('not a code');
    expect(countryNames('uz-Latn', '')('QQ')).toBe('QQ');
  });

  it('draws a flag from the two regional indicator letters, and none for anything else', () => {
    expect(countryFlag('UZ')).toBe('\u{1F1FA}\u{1F1FF}');
    expect(countryFlag(null)).toBe('');
    expect(countryFlag('uz')).toBe('');
    expect(countryFlag('UZB')).toBe('');
  });
});
