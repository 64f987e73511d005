import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getSecurityQueryOptions } from './get-security.js';
import { passkeyAssertion } from './passkey-assertion.js';

/** Proves again it is the owner: the password (with the code once the second factor is on), or a passkey. */
type ReauthenticationProof = { password: string; code?: string } | { passkey: true };

const reauthenticate = async (proof: ReauthenticationProof) =>
  'passkey' in proof
    ? apiRequest('/owner/reauthenticate/passkey', { method: 'POST', body: { response: await passkeyAssertion() } })
    : apiRequest('/owner/reauthenticate', { method: 'POST', body: proof });

export function useReauthenticate() {
  return useMutation({
    mutationFn: reauthenticate,
    meta: { invalidates: [getSecurityQueryOptions().queryKey] },
  });
}
