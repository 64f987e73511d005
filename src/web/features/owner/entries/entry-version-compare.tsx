import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isRecord } from '../../../../shared/content-values.js';
import type { Collection } from '../../../../shared/schemas/collections.js';
import { useDateFormat } from '../components/use-date-format.js';
import { type PathWords, VersionChanges } from '../studio/change-list.js';
import { useEntryVersion } from './api/get-entry-version.js';
import { compareEntries } from './entry-compare.js';
import { entryPathWords } from './problem-words.js';

/** An entry's field path in the studio's words: "Title › English", "Gallery picture 2 › Caption › Русский". */
export function useEntryPathWords(): PathWords {
  const { t } = useTranslation('studio');
  return useCallback(
    (path) => {
      const { words, language } = entryPathWords(t, path);
      const all = language ? [...words, language] : words;
      return all.length > 0 ? all : [path];
    },
    [t],
  );
}

/**
 * An entry's values as the comparison shows them: the status as the editor names it ("Published"),
 * the date as the owner reads dates, never the stored `published` or `2026-11-20T09:30:00+05:00`.
 */
export function useEntryValueWords(): (content: unknown) => unknown {
  const { t } = useTranslation('studio');
  const formatDate = useDateFormat();
  return useCallback(
    (content) => {
      if (!isRecord(content)) return content;
      const words: Record<string, unknown> = { ...content };
      if (content.status === 'draft' || content.status === 'published') {
        words.status = t(`entries.states.${content.status}`);
      }
      if (typeof content.date === 'string' && !Number.isNaN(Date.parse(content.date))) {
        words.date = formatDate(content.date);
      }
      return words;
    },
    [t, formatDate],
  );
}

/** What changed from one of an entry's versions to the published one (this page compares the two). */
export function EntryVersionCompare({
  collection,
  id,
  from,
  to,
}: {
  collection: Collection;
  id: string;
  from: number;
  to: number;
}) {
  const older = useEntryVersion(collection, id, from);
  const newer = useEntryVersion(collection, id, to);
  const pathWords = useEntryPathWords();
  const valueWords = useEntryValueWords();
  const changes = useMemo(
    () =>
      older.data && newer.data
        ? compareEntries(valueWords(older.data.content), valueWords(newer.data.content))
        : undefined,
    [older.data, newer.data, valueWords],
  );
  return (
    <VersionChanges from={from} to={to} changes={changes} error={older.error ?? newer.error} pathWords={pathWords} />
  );
}
