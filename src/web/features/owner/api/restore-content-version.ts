import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { contentVersionsKey } from './get-content-versions.js';
import type { ContentVersionSummary } from './publish-content.js';

/** Publishes a copy of an older version; answers 403 `reauthentication_required` without a recent sign-in. */
const restoreContentVersion = (number: number) =>
  apiRequest<ContentVersionSummary>(`/owner/content/versions/${number}/restore`, { method: 'POST', body: {} });

export function useRestoreContentVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreContentVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentVersionsKey }),
  });
}
