import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Collection } from '../../../../shared/schemas/collections.js';
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
  const changes = useMemo(
    () => (older.data && newer.data ? compareEntries(older.data.content, newer.data.content) : undefined),
    [older.data, newer.data],
  );
  return (
    <VersionChanges from={from} to={to} changes={changes} error={older.error ?? newer.error} pathWords={pathWords} />
  );
}
