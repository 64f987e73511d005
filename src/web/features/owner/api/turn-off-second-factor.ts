import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getSecurityQueryOptions } from './get-security.js';

const turnOffSecondFactor = () => apiRequest('/owner/second-factor', { method: 'DELETE' });

export function useTurnOffSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffSecondFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSecurityQueryOptions().queryKey }),
  });
}
