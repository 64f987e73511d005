import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailSettings, EmailSettingsBody } from '../../../../shared/schemas/email-settings.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getEmailSettingsQueryOptions } from './get-email-settings.js';

const saveEmailSettings = (body: EmailSettingsBody) =>
  apiRequest<EmailSettings>('/owner/email-settings', { method: 'PUT', body });

/** Saves the e-mail settings; the channel list and the checklist see e-mail set up at once. */
export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(getEmailSettingsQueryOptions().queryKey, settings);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['notifications'] }),
        queryClient.invalidateQueries({ queryKey: ['weekly-summary'] }),
        queryClient.invalidateQueries({ queryKey: ['setup-checklist'] }),
      ]);
    },
  });
}
