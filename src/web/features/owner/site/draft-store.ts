import type { QueryClient } from '@tanstack/react-query';
import { type ContentDraftAnswer, getContentDraftQueryOptions } from '../api/get-content-draft.js';
import { type SavedDraft, saveContentDraft } from '../api/save-content-draft.js';
import { type DraftSnapshot as StudioDraftSnapshot, DraftStore as StudioDraftStore } from '../studio/draft-store.js';

export type DraftSnapshot = StudioDraftSnapshot<unknown, SavedDraft>;
export type DraftStore = StudioDraftStore<unknown, SavedDraft>;

/** The five sections' draft, saved as the owner types (studio/draft-store.ts), one for the whole site. */
export function createDraftStore(queryClient: QueryClient, { draft }: ContentDraftAnswer): DraftStore {
  return new StudioDraftStore<unknown, SavedDraft>(queryClient, draft, {
    saves: { mutationKey: ['content', 'draft', 'save'], scope: { id: 'content-draft' } },
    backupKey: 'sahifa-studio-draft',
    send: async ({ content, revision, basedOn }) => {
      const result = await saveContentDraft({ content: content as Record<string, unknown>, revision, basedOn });
      return result.saved ? { saved: true, draft: result.answer.draft } : result;
    },
    contentOf: (value) => value,
    // The studio's cached answer follows the saves, so a screen opened later starts from the newest.
    onSaved: (base) =>
      queryClient.setQueryData(getContentDraftQueryOptions().queryKey, (answer) =>
        answer ? { ...answer, draft: { ...answer.draft, ...base } } : answer,
      ),
  });
}
