import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import type { RecoveryCodes } from './confirm-second-factor.js';
import { getSecurityQueryOptions } from './get-security.js';

const regenerateRecoveryCodes = () => apiRequest<RecoveryCodes>('/owner/recovery-codes', { method: 'POST', body: {} });

export function useRegenerateRecoveryCodes() {
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    meta: { invalidates: [getSecurityQueryOptions().queryKey] },
  });
}
