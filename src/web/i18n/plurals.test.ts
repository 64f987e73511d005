import { describe, expect, it } from 'vitest';
import type { Identity } from '../../shared/schemas/content.js';
import { createI18n, i18next, initI18n } from './i18n.js';
import { addOwnerTranslations } from './owner-i18n.js';
import { addStudioTranslations } from './studio-i18n.js';
import { translations } from './translations.js';

// The languages are named `lotin`, `russian`, `english`, which Intl.PluralRules does not know: without
// the mapping to their BCP 47 tags every language would count like English ("other" for 3 and 5).
describe('plurals follow each language’s rules', () => {
  it('in the browser’s instance: the studio and the owner area count in Russian, Uzbek and English', async () => {
    await initI18n('russian', undefined);
    addStudioTranslations();
    addOwnerTranslations();
    const problems = (count: number) => i18next.t('state.problems', { ns: 'studio', count });
    expect([1, 3, 5, 21].map(problems)).toEqual(['1 ошибка', '3 ошибки', '5 ошибок', '21 ошибка']);
    expect(i18next.t('delivery.attempts', { ns: 'owner', count: 2 })).toBe('2 попытки');

    await i18next.changeLanguage('english');
    expect([1, 2].map(problems)).toEqual(['1 problem', '2 problems']);
    expect(i18next.t('publish.refused', { ns: 'studio', count: 1 })).toBe('Not published: 1 problem to fix first.');

    await i18next.changeLanguage('lotin');
    expect([1, 2].map(problems)).toEqual(['1 ta xato', '2 ta xato']);
  });

  it('in the server’s instances too', async () => {
    const instance = await createI18n('russian', undefined as unknown as Identity, translations);
    expect(instance.services.pluralResolver.getSuffix('russian', 3)).toBe('_few');
    expect(instance.services.pluralResolver.getSuffix('lotin', 1)).toBe('_one');
  });
});
