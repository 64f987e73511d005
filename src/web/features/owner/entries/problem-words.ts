import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrorCode } from '../../../../shared/api-errors.js';
import { isLocale } from '../../../../shared/locales.js';
import { ENTRY_FIELDS } from './entry-model.js';

/** The fields named by their label; a link is named by its kind, a gallery picture by its place. */
const FIELDS = new Set<string>([...ENTRY_FIELDS.filter((field) => field !== 'links'), 'image', 'caption', 'text']);

/**
 * An entry's field path in words, part by part, its language apart: `gallery.1.caption.russian` is
 * "Gallery picture 2", "Caption" and "Русский"; `text.english.title` is "Texts", "Title" and "English".
 */
export function entryPathWords(
  t: TFunction<'studio'>,
  field: string,
): { words: string[]; language: string | undefined } {
  const words: string[] = [];
  let language: string | undefined;
  const segments = field.split('.');
  segments.forEach((segment, index) => {
    if (isLocale(segment)) language = t(`languages.${segment}`);
    else if (/^\d+$/.test(segment) && segments[index - 1] === 'gallery') {
      words.push(t('entries.gallery_item', { number: Number(segment) + 1 }));
    } else if (segments[index - 1] === 'links') words.push(t(`entries.links.${segment as 'live'}`));
    else if (FIELDS.has(segment) && segment !== 'gallery') words.push(t(`entries.fields.${segment as 'slug'}`));
    else if (segment === 'gallery' && index === segments.length - 1) words.push(t('entries.fields.gallery'));
    else if (segment !== 'links' && segment !== 'gallery') words.push(segment);
  });
  return { words, language };
}

/** A problem of an entry's draft in words: "Title (English): required", "Gallery picture 2, caption (Русский): required". */
export function useProblemWords(): (problem: { field: string; code: FieldErrorCode }) => string {
  const { t } = useTranslation('studio');
  return useCallback(
    ({ field, code }) => {
      const { words, language } = entryPathWords(t, field);
      const name = words.join(' › ') || field;
      return t('entries.problem', {
        field: language ? `${name} (${language})` : name,
        error: t(`field_errors.${code}`),
      });
    },
    [t],
  );
}
