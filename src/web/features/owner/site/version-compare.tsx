import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale } from '../../../../shared/locales.js';
import type { ContentChange } from '../../../../shared/schemas/content-store.js';
import { useContentComparison } from '../api/compare-content-versions.js';
import { type PathWords, VersionChanges } from '../studio/change-list.js';
import { type PathPart, pathParts, setAt } from './form-model.js';

function partWords(t: TFunction<'studio'>, part: PathPart): string {
  if (part.kind === 'section') return t(`sections.${part.section}` as 'sections.home', { defaultValue: part.section });
  if (part.kind === 'field') return part.label ? t(`fields.${part.label}`) : part.key;
  if (part.kind === 'language') return t(`languages.${part.locale}`);
  const list = part.label ? t(`fields.${part.label}`) : part.list;
  const kind = part.itemName ? t(`item_names.${part.itemName}`) : list;
  return part.content
    ? t('list.item_named', { item: kind, content: part.content })
    : t('list.item', { label: kind, number: part.index + 1 });
}

/** A changed field's content for naming its list items: the change's own value, put at its path. */
const ownContent = (change: ContentChange): unknown => setAt({}, change.path.split('.'), change.after ?? change.before);

/**
 * A content path in the studio's words: "Home › Highlight: 8+ › Label › Русский". List items are named
 * by `naming(change)`'s content ("Highlight: 8+"), by default each change's own value.
 */
export function useSitePathWords(naming: (change: ContentChange) => unknown = ownContent): PathWords {
  const { t, i18n } = useTranslation('studio');
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'english';
  return useCallback(
    (path, change) => pathParts(path, change ? naming(change) : undefined, locale).map((part) => partWords(t, part)),
    [t, locale, naming],
  );
}

/** What changed from a version to the published one (the server compares them). */
export function VersionCompare({ from, to }: { from: number; to: number }) {
  const comparison = useContentComparison(from, to);
  const pathWords = useSitePathWords();
  return (
    <VersionChanges
      from={from}
      to={to}
      changes={comparison.data?.sections.flatMap(({ changes }) => changes)}
      error={comparison.error}
      pathWords={pathWords}
    />
  );
}
