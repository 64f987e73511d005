import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getSessionsQueryOptions } from './get-sessions.js';

interface ChangePasswordFields {
  currentPassword: string;
  newPassword: string;
  code?: string;
}

const changePassword = (fields: ChangePasswordFields) => apiRequest('/owner/password', { method: 'PUT', body: fields });

/** Every other session ends with the change: the device list is read again. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    meta: { invalidates: [getSessionsQueryOptions().queryKey] },
  });
}
