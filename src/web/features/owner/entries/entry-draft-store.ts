import type { QueryClient } from '@tanstack/react-query';
import type { Collection } from '../../../../shared/schemas/collections.js';
import { type DraftSnapshot, DraftStore } from '../studio/draft-store.js';
import { type SavedEntryDraft, saveEntryDraft } from './api/save-entry-draft.js';

export type EntryDraftSnapshot = DraftSnapshot<Record<string, unknown>, SavedEntryDraft>;
export type EntryDraftStore = DraftStore<Record<string, unknown>, SavedEntryDraft>;

const asContent = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * One entry's draft as the owner edits it, saved the way the sections' draft is (studio/draft-store.ts,
 * decision 025), in the entry's own scope and with its own copy in the browser. An entry deleted
 * meanwhile (404) is not saved again.
 */
export function createEntryDraftStore(
  queryClient: QueryClient,
  collection: Collection,
  id: string,
  draft: SavedEntryDraft,
): EntryDraftStore {
  return new DraftStore<Record<string, unknown>, SavedEntryDraft>(queryClient, draft, {
    saves: { mutationKey: ['entries', 'draft', 'save', id], scope: { id: `entry-draft-${id}` } },
    backupKey: `sahifa-studio-entry-${id}`,
    send: async (save) => {
      const result = await saveEntryDraft(collection, id, save);
      return result.saved ? { saved: true, draft: result.answer.draft } : result;
    },
    contentOf: asContent,
    isFinal: (error) => error.status === 404,
  });
}
