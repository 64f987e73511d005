import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { recoveryCodesResponseSchema } from '../../../../shared/schemas/owner.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getSecurityQueryOptions } from './get-security.js';

export type RecoveryCodes = ResponseData<typeof recoveryCodesResponseSchema>;

/** Turns the second factor on with the app's first code; answers the recovery codes, shown once. */
const confirmSecondFactor = (code: string) =>
  apiRequest<RecoveryCodes>('/owner/second-factor', { method: 'POST', body: { code } });

export function useConfirmSecondFactor() {
  return useMutation({
    mutationFn: confirmSecondFactor,
    meta: { invalidates: [getSecurityQueryOptions().queryKey] },
  });
}
