import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/locales.js';
import { NOT_FOUND_JOKE_COUNT } from '../../../shared/pages.js';
import { translations } from '../../i18n/translations.js';

describe('the 404 page’s jokes', () => {
  it.each(LOCALES)('%s has as many as the server and the browser choose from', (locale) => {
    expect(translations[locale].errors['404'].joke_descriptions).toHaveLength(NOT_FOUND_JOKE_COUNT);
  });
});
