import { useMutation } from '@tanstack/react-query';
import type { WeeklySummary } from '../../../../shared/schemas/stats.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getWeeklySummaryQueryOptions } from './get-weekly-summary.js';
import { optimisticUpdate } from './optimistic-update.js';

const updateWeeklySummary = (enabled: boolean) =>
  apiRequest<WeeklySummary>('/owner/weekly-summary', { method: 'PUT', body: { enabled } });

/** The switch moves at once, and back if the server refuses. */
export function useUpdateWeeklySummary() {
  return useMutation({
    mutationFn: updateWeeklySummary,
    ...optimisticUpdate<WeeklySummary, boolean>(getWeeklySummaryQueryOptions().queryKey, (data, enabled) => ({
      ...data,
      enabled,
    })),
  });
}
