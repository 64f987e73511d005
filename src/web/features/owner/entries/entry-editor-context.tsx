import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import type { FieldErrorCode } from '../../../../shared/api-errors.js';
import type { Collection } from '../../../../shared/schemas/collections.js';
import { useDraftStore } from '../studio/use-draft-store.js';
import type { EntryAnswer } from './api/get-entry.js';
import { createEntryDraftStore, type EntryDraftSnapshot, type EntryDraftStore } from './entry-draft-store.js';
import { entryProblems, setAt } from './entry-model.js';

interface EntryEditor {
  collection: Collection;
  id: string;
  store: EntryDraftStore;
  snapshot: EntryDraftSnapshot;
  /** Every problem the draft has now, by path (`text.english.title`), as publishing names them. */
  problems: Map<string, FieldErrorCode>;
  /** Sets one value of the draft and lets autosave take it. */
  change: (path: readonly (string | number)[], value: unknown) => void;
  published: EntryAnswer['published'];
  setPublished: (published: EntryAnswer['published']) => void;
}

const EntryEditorContext = createContext<EntryEditor | undefined>(undefined);

/** One entry's draft, shared by its editor's parts and saved as it changes. */
export function EntryEditorProvider({
  collection,
  initial,
  children,
}: {
  collection: Collection;
  initial: EntryAnswer;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const { store, snapshot } = useDraftStore(() =>
    createEntryDraftStore(queryClient, collection, initial.entry.id, initial.draft),
  );
  const [published, setPublished] = useState(initial.published);
  const problems = useMemo(() => entryProblems(collection, snapshot.content), [collection, snapshot.content]);

  const value = useMemo<EntryEditor>(
    () => ({
      collection,
      id: initial.entry.id,
      store,
      snapshot,
      problems,
      change: (path, next) =>
        store.edit(setAt(store.getSnapshot().content, path, next) as EntryDraftSnapshot['content']),
      published,
      setPublished,
    }),
    [collection, initial.entry.id, store, snapshot, problems, published],
  );
  return <EntryEditorContext.Provider value={value}>{children}</EntryEditorContext.Provider>;
}

export function useEntryEditor(): EntryEditor {
  const editor = useContext(EntryEditorContext);
  if (!editor) throw new Error('useEntryEditor outside EntryEditorProvider');
  return editor;
}
