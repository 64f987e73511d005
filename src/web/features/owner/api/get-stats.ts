import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { StatsQuery, statsResponseSchema } from '../../../../shared/schemas/stats.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { useStatsSource } from './stats-source.js';

export type StatsData = ResponseData<typeof statsResponseSchema>;

const getStats = ({ from, to }: StatsQuery, signal?: AbortSignal) =>
  apiRequest<StatsData>(`/owner/stats?${new URLSearchParams({ from, to })}`, { signal });

/**
 * One request per period chosen; the one before is cancelled when the period changes (the query
 * passes its signal on). The figures move with every visit: a period seen before is shown from the
 * cache while it is asked again.
 */
const getStatsQueryOptions = ({ from, to }: StatsQuery) =>
  queryOptions({ queryKey: ['stats', { from, to }], queryFn: ({ signal }) => getStats({ from, to }, signal) });

/**
 * The last figures stay on screen while the next period loads, so the page does not jump. On a
 * shared link's page they come from the link's source (`stats-source.ts`, decision 043).
 */
export const useStats = (period: StatsQuery) => {
  const source = useStatsSource();
  return useQuery({
    ...(source ? source.query(period) : getStatsQueryOptions(period)),
    placeholderData: keepPreviousData,
  });
};
