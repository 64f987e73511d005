import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';

export interface ResetPasswordFields {
  token: string;
  password: string;
  code?: string;
}

export const resetPassword = (fields: ResetPasswordFields) =>
  apiRequest('/owner/password-reset/confirm', { method: 'POST', body: fields });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
