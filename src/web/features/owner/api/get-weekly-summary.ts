import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WeeklySummary } from '../../../../shared/schemas/stats.js';
import { apiRequest } from '../../../shared/api/api-client.js';

const getWeeklySummary = () => apiRequest<WeeklySummary>('/owner/weekly-summary');

export const getWeeklySummaryQueryOptions = () =>
  queryOptions({ queryKey: ['weekly-summary'], queryFn: getWeeklySummary });

/** The weekly summary's opt-in, and whether e-mail, its only channel, is configured. */
export const useWeeklySummary = () => useQuery(getWeeklySummaryQueryOptions());
