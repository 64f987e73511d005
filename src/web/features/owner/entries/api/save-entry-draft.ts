import type { z } from 'zod';
import type { ResponseData } from '../../../../../shared/schemas/api.js';
import type { Collection } from '../../../../../shared/schemas/collections.js';
import type { entryDraftBodySchema, entryDraftResponseSchema } from '../../../../../shared/schemas/entry-store.js';
import { ApiError, apiRequest } from '../../../../shared/api/api-client.js';
import type { EntryAnswer } from './get-entry.js';

type DraftSave = z.infer<typeof entryDraftBodySchema>;
export type EntryDraftAnswer = ResponseData<typeof entryDraftResponseSchema>;
export type SavedEntryDraft = EntryAnswer['draft'];

/**
 * Saves an entry's draft from the revision it started from. A save refused because the draft changed
 * since (another tab) resolves with the draft saved elsewhere, so the editor can offer both; any other
 * failure throws the API's error.
 */
export async function saveEntryDraft(
  collection: Collection,
  id: string,
  save: DraftSave,
): Promise<{ saved: true; answer: EntryDraftAnswer } | { saved: false; current: SavedEntryDraft }> {
  try {
    return {
      saved: true,
      answer: await apiRequest<EntryDraftAnswer>(`/owner/entries/${collection}/${id}/draft`, {
        method: 'PUT',
        body: save,
      }),
    };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'draft_conflict') throw error;
    // The 409's body carries the current draft, which the API client's error does not keep: ask for it.
    const current = await apiRequest<EntryAnswer>(`/owner/entries/${collection}/${id}`).catch(() => undefined);
    if (current) return { saved: false, current: current.draft };
    throw error;
  }
}
