import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getSecurityQueryOptions } from './get-security.js';

const renamePasskey = ({ id, name }: { id: string; name: string }) =>
  apiRequest(`/owner/passkeys/${id}`, { method: 'PATCH', body: { name } });

export function useRenamePasskey() {
  return useMutation({
    mutationFn: renamePasskey,
    meta: { invalidates: [getSecurityQueryOptions().queryKey] },
  });
}
