import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { type CurrentSession, markSignedIn } from './get-session.js';
import { passkeyAssertion } from './passkey-assertion.js';

const signInWithPasskey = async () =>
  apiRequest<CurrentSession>('/owner/session/passkey', {
    method: 'POST',
    body: { response: await passkeyAssertion() },
  });

export function useSignInWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signInWithPasskey, onSuccess: () => markSignedIn(queryClient) });
}
