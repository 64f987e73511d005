import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import type { FieldErrorCode } from '../../../../shared/api-errors.js';
import type { ContentDraftAnswer } from '../api/get-content-draft.js';
import { useDraftStore } from '../studio/use-draft-store.js';
import { createDraftStore, type DraftSnapshot, type DraftStore } from './draft-store.js';
import { draftProblems, setAt } from './form-model.js';

interface DraftEditor {
  store: DraftStore;
  snapshot: DraftSnapshot;
  /** Every problem the draft has now, by field path (`home.greeting.russian`), as publishing names them. */
  problems: Map<string, FieldErrorCode>;
  /** Sets one value of the content (a field, a list) and lets autosave take it. */
  change: (path: readonly (string | number)[], value: unknown) => void;
  /** The version visitors see now (what "unpublished changes" compares the draft with). */
  published: ContentDraftAnswer['published'];
  setPublished: (published: ContentDraftAnswer['published']) => void;
}

const DraftEditorContext = createContext<DraftEditor | undefined>(undefined);

/** The draft the studio's screens share while the owner moves between sections, saved as it changes. */
export function DraftEditorProvider({ initial, children }: { initial: ContentDraftAnswer; children: ReactNode }) {
  const queryClient = useQueryClient();
  const { store, snapshot } = useDraftStore(() => createDraftStore(queryClient, initial));
  const [published, setPublished] = useState(initial.published);
  const problems = useMemo(() => draftProblems(snapshot.content), [snapshot.content]);

  const value = useMemo<DraftEditor>(
    () => ({
      store,
      snapshot,
      problems,
      change: (path, next) => store.edit(setAt(store.getSnapshot().content, path, next)),
      published,
      setPublished,
    }),
    [store, snapshot, problems, published],
  );
  return <DraftEditorContext.Provider value={value}>{children}</DraftEditorContext.Provider>;
}

export function useDraftEditor(): DraftEditor {
  const editor = useContext(DraftEditorContext);
  if (!editor) throw new Error('useDraftEditor outside DraftEditorProvider');
  return editor;
}
