import { useMemo } from 'react';
import { ConflictDialog } from '../studio/conflict-dialog.js';
import { compareEntries } from './entry-compare.js';
import { useEntryEditor } from './entry-editor-context.js';
import { useEntryPathWords, useEntryValueWords } from './entry-version-compare.js';

/**
 * The entry's draft was saved elsewhere (another tab) since this page read it: the sections' conflict
 * dialog, the two drafts compared field by field; nothing is thrown away until the owner chooses.
 */
export function EntryConflict() {
  const { snapshot, store } = useEntryEditor();
  const theirs = snapshot.conflict;
  const pathWords = useEntryPathWords();
  const valueWords = useEntryValueWords();
  const changes = useMemo(
    () => (theirs ? compareEntries(valueWords(theirs.content), valueWords(snapshot.content)) : []),
    [theirs, snapshot.content, valueWords],
  );
  return <ConflictDialog theirs={theirs} store={store} changes={changes} pathWords={pathWords} />;
}
