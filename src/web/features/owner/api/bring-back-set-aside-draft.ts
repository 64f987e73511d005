import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { contentBringBackResponseSchema } from '../../../../shared/schemas/content-store.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { setAsideDraftsKey } from './get-set-aside-drafts.js';

/** The draft now, the published version, and the draft set aside in its place (null when nothing was). */
export type BroughtBackDraft = ResponseData<typeof contentBringBackResponseSchema>;

/** Makes a set-aside draft the draft again; the one it replaces is set aside when it has unpublished edits. */
const bringBackSetAsideDraft = (id: string) =>
  apiRequest<BroughtBackDraft>(`/owner/content/set-aside/${encodeURIComponent(id)}/bring-back`, {
    method: 'POST',
    body: {},
  });

export function useBringBackSetAsideDraft() {
  return useMutation({
    mutationFn: bringBackSetAsideDraft,
    meta: { invalidates: [setAsideDraftsKey] },
  });
}
