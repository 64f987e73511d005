import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { type CurrentSession, markSignedIn } from './get-session.js';

export const signIn = (password: string) =>
  apiRequest<CurrentSession>('/owner/session', { method: 'POST', body: { password } });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signIn, onSuccess: () => markSignedIn(queryClient) });
}
