import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { totpSetupResponseSchema } from '../../../../shared/schemas/owner.js';
import { apiRequest } from '../../../shared/api/api-client.js';

type TotpSetup = ResponseData<typeof totpSetupResponseSchema>;

/** A new secret for the authenticator app (text and QR code); nothing is on until it is confirmed. */
const setUpSecondFactor = () => apiRequest<TotpSetup>('/owner/second-factor/setup', { method: 'POST', body: {} });

export const useSetUpSecondFactor = () => useMutation({ mutationFn: setUpSecondFactor });
