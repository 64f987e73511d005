import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getSecurityQueryOptions } from './get-security.js';

const removePasskey = (id: string) => apiRequest(`/owner/passkeys/${id}`, { method: 'DELETE' });

export function useRemovePasskey() {
  return useMutation({
    mutationFn: removePasskey,
    meta: { invalidates: [getSecurityQueryOptions().queryKey] },
  });
}
