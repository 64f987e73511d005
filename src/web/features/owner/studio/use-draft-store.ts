import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftStore, ServerDraft } from './draft-store.js';

/**
 * A draft store made once for the editor's life, its snapshot followed as it changes. Closing the tab
 * with edits the server does not have yet asks first (they stay in the browser either way); leaving
 * the editor for another studio screen saves what is typed now rather than after the pause.
 */
export function useDraftStore<Content, Saved extends ServerDraft>(create: () => DraftStore<Content, Saved>) {
  const { t } = useTranslation('studio');
  const [store] = useState(create);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (store.getSnapshot().status === 'saved') return;
      event.preventDefault();
      event.returnValue = t('save.leave_warning');
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      store.dispose();
    };
  }, [store, t]);

  return { store, snapshot };
}
