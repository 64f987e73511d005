import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getSecurityQueryOptions } from './get-security.js';

const removePasskey = (id: string) => apiRequest(`/owner/passkeys/${id}`, { method: 'DELETE' });

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSecurityQueryOptions().queryKey }),
  });
}
