import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { markSignedOut } from './get-session.js';

const signOut = () => apiRequest('/owner/session', { method: 'DELETE' });

/** Signing out ends the area's session even when the request fails: the owner asked to leave. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signOut, onSettled: () => markSignedOut(queryClient) });
}
