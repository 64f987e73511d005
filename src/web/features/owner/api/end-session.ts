import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerSession } from '../../../../shared/schemas/owner.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { markSignedOut } from './get-session.js';
import { getSessionsQueryOptions } from './get-sessions.js';

const endSession = (id: string) => apiRequest(`/owner/sessions/${id}`, { method: 'DELETE' });

/** Ends a device's session; ending this device's own signs the owner out here. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: OwnerSession) => endSession(session.id),
    onSuccess: (_answer, session) => {
      if (session.current) markSignedOut(queryClient);
      else return queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey });
    },
  });
}
