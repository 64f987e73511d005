import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { type CurrentSession, markSignedIn } from './get-session.js';

interface SignInFields {
  password: string;
  /** The authenticator app's code or a recovery code, once the server asked for it. */
  code?: string;
}

const signIn = (fields: SignInFields) => apiRequest<CurrentSession>('/owner/session', { method: 'POST', body: fields });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signIn, onSuccess: () => markSignedIn(queryClient) });
}
