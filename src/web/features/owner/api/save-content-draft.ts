import type { z } from 'zod';
import { API_PREFIX } from '../../../../shared/http.js';
import type { contentDraftBodySchema, contentDraftConflictSchema } from '../../../../shared/schemas/content-store.js';
import { ApiError, apiRequest } from '../../../shared/api/api-client.js';
import type { ContentDraftAnswer } from './get-content-draft.js';

type DraftSave = z.infer<typeof contentDraftBodySchema>;
type DraftConflict = z.infer<typeof contentDraftConflictSchema>;
export type SavedDraft = ContentDraftAnswer['draft'];

/**
 * Saves the draft from the revision it started from. A save refused because the draft changed since
 * (another tab) is not an error here: it resolves with the draft saved elsewhere, so the studio can
 * offer both. Any other failure throws the API's error (`network` when no answer came).
 */
export async function saveContentDraft(
  save: DraftSave,
): Promise<{ saved: true; answer: ContentDraftAnswer } | { saved: false; current: SavedDraft }> {
  try {
    return {
      saved: true,
      answer: await apiRequest<ContentDraftAnswer>('/owner/content/draft', { method: 'PUT', body: save }),
    };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'draft_conflict') throw error;
    // The 409's body carries the current draft, which the API client's error does not keep: ask for it.
    const current = await fetch(`${API_PREFIX}/owner/content/draft`, {
      headers: { accept: 'application/json' },
      credentials: 'include',
    })
      .then((response) => response.json() as Promise<{ data?: ContentDraftAnswer } | DraftConflict>)
      .catch(() => undefined);
    if (current && 'data' in current && current.data) return { saved: false, current: current.data.draft };
    throw error;
  }
}
