import { useMutation } from '@tanstack/react-query';
import type { WeeklySummary, WeeklySummaryBody } from '../../../../shared/schemas/stats.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getWeeklySummaryQueryOptions } from './get-weekly-summary.js';
import { optimisticUpdate } from './optimistic-update.js';

const updateWeeklySummary = (body: WeeklySummaryBody) =>
  apiRequest<WeeklySummary>('/owner/weekly-summary', { method: 'PUT', body });

/** The switch, the day and the hour move at once, and back if the server refuses. */
export function useUpdateWeeklySummary() {
  return useMutation({
    mutationFn: updateWeeklySummary,
    ...optimisticUpdate<WeeklySummary, WeeklySummaryBody>(getWeeklySummaryQueryOptions().queryKey, (data, body) => ({
      ...data,
      ...body,
    })),
  });
}
