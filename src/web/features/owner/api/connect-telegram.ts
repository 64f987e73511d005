import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TelegramConnectBody,
  TelegramConnectResult,
  TelegramSettings,
} from '../../../../shared/schemas/telegram-settings.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getTelegramSettingsQueryOptions } from './get-telegram-settings.js';

const connectTelegram = (body: TelegramConnectBody) =>
  apiRequest<TelegramConnectResult>('/owner/telegram', { method: 'PUT', body });
const renewTelegramLink = () => apiRequest<TelegramSettings>('/owner/telegram/link', { method: 'POST' });
const disconnectTelegram = () => apiRequest<TelegramSettings>('/owner/telegram', { method: 'DELETE' });

/** The new state shown at once; the channel list and the checklist asked again. */
function settle(queryClient: QueryClient, settings: TelegramSettings) {
  queryClient.setQueryData(getTelegramSettingsQueryOptions().queryKey, settings);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['notifications'] }),
    queryClient.invalidateQueries({ queryKey: ['setup-checklist'] }),
  ]);
}

/** Checks a bot token with Telegram and, if it is taken, keeps it with a link to press Start on. */
export function useConnectTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectTelegram,
    onSuccess: (result) => (result.problem ? undefined : settle(queryClient, result.settings)),
  });
}

/** A new one-time link for the saved bot. */
export function useRenewTelegramLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renewTelegramLink, onSuccess: (settings) => settle(queryClient, settings) });
}

/** Forgets the bot, its token and the chat. */
export function useDisconnectTelegram() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disconnectTelegram, onSuccess: (settings) => settle(queryClient, settings) });
}
