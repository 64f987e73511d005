import { useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { statsNowResponseSchema } from '../../../../shared/schemas/stats-now.js';
import { apiRequest } from '../../../shared/api/api-client.js';

export type StatsNowData = ResponseData<typeof statsNowResponseSchema>;

/** How often the dashboard asks again who is on the site. */
export const STATS_NOW_REFRESH_MS = 30_000;

/**
 * The visitors of the last five minutes, asked again every 30 seconds while the dashboard is in
 * view: TanStack Query's interval pauses in a hidden tab (`refetchIntervalInBackground` is false)
 * and asks at once when the tab comes back. Not on a shared link's page: the route is the owner's.
 */
export const useStatsNow = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: ['stats-now'],
    queryFn: ({ signal }) => apiRequest<StatsNowData>('/owner/stats/now', { signal }),
    refetchInterval: STATS_NOW_REFRESH_MS,
    enabled,
  });
