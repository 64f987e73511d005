import { useMutation } from '@tanstack/react-query';
import type { EmailCheck, EmailSettingsBody } from '../../../../shared/schemas/email-settings.js';
import { apiRequest } from '../../../shared/api/api-client.js';

const verifyEmailSettings = (body: EmailSettingsBody) =>
  apiRequest<EmailCheck>('/owner/email-settings/verify', { method: 'POST', body });

/** Connects and logs in with the form's values, without saving or sending anything. */
export const useVerifyEmailSettings = () => useMutation({ mutationFn: verifyEmailSettings });
