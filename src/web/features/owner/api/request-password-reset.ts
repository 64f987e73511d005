import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';

/** Asks for a reset link; the server answers the same whether or not a channel can carry it. */
const requestPasswordReset = () => apiRequest('/owner/password-reset', { method: 'POST', body: {} });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
