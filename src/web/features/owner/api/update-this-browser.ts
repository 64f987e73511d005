import { useMutation } from '@tanstack/react-query';
import type { ThisBrowser } from '../../../../shared/schemas/stats.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getThisBrowserQueryOptions } from './get-this-browser.js';
import { optimisticUpdate } from './optimistic-update.js';

const updateThisBrowser = (counted: boolean) =>
  apiRequest<ThisBrowser>('/owner/stats/this-browser', { method: 'PUT', body: { counted } });

/** The switch moves at once, and back if the server refuses. */
export function useUpdateThisBrowser() {
  return useMutation({
    mutationFn: updateThisBrowser,
    ...optimisticUpdate<ThisBrowser, boolean>(getThisBrowserQueryOptions().queryKey, (data, counted) => ({
      ...data,
      counted,
    })),
  });
}
