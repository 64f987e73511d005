import { useCallback } from 'react';
import { compareContent } from '../../../../shared/content-compare.js';
import type { ContentChange } from '../../../../shared/schemas/content-store.js';
import { ConflictDialog } from '../studio/conflict-dialog.js';
import { useDraftEditor } from './draft-context.js';
import { valueAt } from './form-model.js';
import { useSitePathWords } from './version-compare.js';

/** The sections' draft was saved elsewhere: the two versions compared section by section, the owner's choice. */
export function SiteConflictDialog() {
  const { snapshot, store } = useDraftEditor();
  const theirs = snapshot.conflict;
  // List items are named by this page's content, or by the saved one's when this page removed them.
  const pathWords = useSitePathWords(
    useCallback(
      (change: ContentChange) =>
        valueAt(snapshot.content, change.path.split('.')) === undefined ? theirs?.content : snapshot.content,
      [snapshot.content, theirs],
    ),
  );
  const changes = theirs ? compareContent(theirs.content, snapshot.content).flatMap(({ changes }) => changes) : [];
  return <ConflictDialog theirs={theirs} store={store} changes={changes} pathWords={pathWords} />;
}
