import type { TFunction } from 'i18next';
import { isLocale } from '../../../../shared/locales.js';
import { fieldId, nodeAt } from './form-model.js';

/** The studio's address of a field: its section's editor, with the field's control as the fragment. */
export function fieldLink(sitePath: string, field: string): string {
  const [section] = field.split('.');
  return `${sitePath}/${section}#${fieldId(field)}`;
}

/** A field's path in words ("Projects 2 › Title › Русский"), for problem lists and comparisons. */
export function fieldWords(t: TFunction<'studio'>, field: string): string {
  const segments = field.split('.');
  const words: string[] = [];
  segments.forEach((segment, index) => {
    if (index === 0) return;
    if (/^\d+$/.test(segment)) {
      const list = words.pop() ?? '';
      words.push(t('list.item', { label: list, number: Number(segment) + 1 }));
    } else if (isLocale(segment) && index === segments.length - 1) {
      words.push(t(`languages.${segment}`));
    } else {
      // A field the forms no longer have (in an older version) is named by its key.
      const label = nodeAt(segments.slice(0, index + 1))?.label;
      words.push(label ? t(`fields.${label}`) : segment);
    }
  });
  return words.join(' › ');
}
