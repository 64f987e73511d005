import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { contentRestoreResponseSchema } from '../../../../shared/schemas/content-store.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { contentVersionsKey } from './get-content-versions.js';
import { setAsideDraftsKey } from './get-set-aside-drafts.js';

/** The restored copy's summary, the draft it became, and the draft set aside for it (null when nothing was). */
export type RestoredVersion = ResponseData<typeof contentRestoreResponseSchema>;

/**
 * Publishes a copy of an older version and makes it the draft; answers 403 `reauthentication_required`
 * without a recent sign-in.
 */
const restoreContentVersion = (number: number) =>
  apiRequest<RestoredVersion>(`/owner/content/versions/${number}/restore`, { method: 'POST', body: {} });

export function useRestoreContentVersion() {
  return useMutation({
    mutationFn: restoreContentVersion,
    meta: { invalidates: [contentVersionsKey, setAsideDraftsKey] },
  });
}
