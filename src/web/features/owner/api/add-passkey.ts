import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { webauthnOptionsResponseSchema } from '../../../../shared/schemas/owner.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getSecurityQueryOptions } from './get-security.js';
import { runCeremony } from './passkey-assertion.js';

type WebauthnOptions = ResponseData<typeof webauthnOptionsResponseSchema>;

/** Asks the server for a challenge, lets the browser make the passkey, and stores it under `name`. */
async function addPasskey(name: string) {
  const [{ startRegistration }, { options }] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiRequest<WebauthnOptions>('/owner/passkeys/registration-options', { method: 'POST', body: {} }),
  ]);
  const response = await runCeremony(() => startRegistration({ optionsJSON: options as never }));
  return apiRequest('/owner/passkeys', { method: 'POST', body: { name, response } });
}

export function useAddPasskey() {
  return useMutation({
    mutationFn: addPasskey,
    meta: { invalidates: [getSecurityQueryOptions().queryKey] },
  });
}
