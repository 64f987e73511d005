import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TelegramSettings } from '../../../../shared/schemas/telegram-settings.js';
import { apiRequest } from '../../../shared/api/api-client.js';

const getTelegramSettings = () => apiRequest<TelegramSettings>('/owner/telegram');

export const getTelegramSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['telegram-settings'], queryFn: getTelegramSettings });

/**
 * Telegram as connected in Settings, or read-only from the server's environment; never the token.
 * While a link waits for Start, asked again every two seconds, so the page turns once the owner presses it.
 */
export const useTelegramSettings = () =>
  useQuery({
    ...getTelegramSettingsQueryOptions(),
    refetchInterval: (query) => (query.state.data?.state === 'waiting' && query.state.data.link ? 2_000 : false),
  });
