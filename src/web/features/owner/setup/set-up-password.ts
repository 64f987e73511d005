import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerSetupBody } from '../../../../shared/schemas/owner-setup.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { type CurrentSession, markSignedIn } from '../api/get-session.js';

const setUpPassword = (body: OwnerSetupBody) => apiRequest<CurrentSession>('/owner/setup', { method: 'POST', body });

/** Sets the first password with the set-up link's token; the answer's cookie signs the owner in. */
export function useSetUpPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUpPassword, onSuccess: () => markSignedIn(queryClient) });
}
