import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailSettings } from '../../../../shared/schemas/email-settings.js';
import { apiRequest } from '../../../shared/api/api-client.js';

const getEmailSettings = () => apiRequest<EmailSettings>('/owner/email-settings');

export const getEmailSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['email-settings'], queryFn: getEmailSettings });

/** E-mail as set up in Settings, or read-only from the server's environment; never the password. */
export const useEmailSettings = () => useQuery(getEmailSettingsQueryOptions());
