import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import english from '../../../i18n/studio-locales/english.json';
import { fieldLink, fieldWords } from './section-path.js';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'english', resources: { english: { studio: english } }, interpolation: { escapeValue: false } });
const t = i18n.getFixedT('english', 'studio');

describe('a field’s path', () => {
  it('in words: each field by its label from the schema, list items by their place, a last language', () => {
    expect(fieldWords(t, 'portfolio.items.1.title.russian')).toBe('Projects 2 › Title › Русский');
    expect(fieldWords(t, 'about.skills.languages.0.name.english')).toBe('Skills › Languages 1 › Name › English');
    expect(fieldWords(t, 'home.photo_alt')).toBe('Description of the photo');
  });

  it('names a field the forms no longer have (an older version’s) by its key', () => {
    expect(fieldWords(t, 'home.motto.lotin')).toBe('motto › Oʻzbek');
    expect(fieldWords(t, 'gone.field')).toBe('field');
  });

  it('links to the field in its section’s editor', () => {
    expect(fieldLink('/owner/site', 'home.greeting.russian')).toBe('/owner/site/home#field-home-greeting-russian');
  });
});
