import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { webauthnOptionsResponseSchema } from '../../../../shared/schemas/owner.js';
import { ApiError, apiRequest } from '../../../shared/api/api-client.js';

type WebauthnOptions = ResponseData<typeof webauthnOptionsResponseSchema>;

/**
 * A passkey's answer to a fresh challenge from the server, for signing in or re-authenticating. The
 * browser helper is loaded only when a passkey is used. A closed or refused prompt is `passkey_failed`.
 */
export async function passkeyAssertion(): Promise<unknown> {
  const [{ startAuthentication }, { options }] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiRequest<WebauthnOptions>('/owner/passkeys/authentication-options', { method: 'POST', body: {} }),
  ]);
  return runCeremony(() => startAuthentication({ optionsJSON: options as never }));
}

/** Runs a WebAuthn prompt; the browser's refusal or cancel becomes an error the owner area can word. */
export async function runCeremony<Answer>(ceremony: () => Promise<Answer>): Promise<Answer> {
  try {
    return await ceremony();
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : 'Passkey prompt failed', 'passkey_failed', 0);
  }
}
