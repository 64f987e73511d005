import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrorCode } from '../../../../shared/api-errors.js';
import type { Collection } from '../../../../shared/schemas/collections.js';
import type { EntryAnswer } from './api/get-entry.js';
import { type EntryDraftSnapshot, EntryDraftStore } from './entry-draft-store.js';
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
  const { t } = useTranslation('studio');
  const queryClient = useQueryClient();
  const [store] = useState(() => new EntryDraftStore(queryClient, collection, initial.entry.id, initial.draft));
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [published, setPublished] = useState(initial.published);
  const problems = useMemo(() => entryProblems(collection, snapshot.content), [collection, snapshot.content]);

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (store.getSnapshot().status === 'saved') return;
      event.preventDefault();
      event.returnValue = t('save.leave_warning');
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      // Leaving the editor for another studio screen: what is typed is saved now, not lost with the timer.
      store.dispose();
    };
  }, [store, t]);

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
