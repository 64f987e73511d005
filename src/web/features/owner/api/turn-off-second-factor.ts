import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getSecurityQueryOptions } from './get-security.js';

const turnOffSecondFactor = () => apiRequest('/owner/second-factor', { method: 'DELETE' });

export function useTurnOffSecondFactor() {
  return useMutation({
    mutationFn: turnOffSecondFactor,
    meta: { invalidates: [getSecurityQueryOptions().queryKey] },
  });
}
