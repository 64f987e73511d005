import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';

interface ResetPasswordFields {
  token: string;
  password: string;
  code?: string;
}

const resetPassword = (fields: ResetPasswordFields) =>
  apiRequest('/owner/password-reset/confirm', { method: 'POST', body: fields });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
