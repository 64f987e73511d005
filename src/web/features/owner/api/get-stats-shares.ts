import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatsShare } from '../../../../shared/schemas/stats-shares.js';
import { apiRequest } from '../../../shared/api/api-client.js';

export type StatsShares = { shares: StatsShare[] };

const getStatsShares = () => apiRequest<StatsShares>('/owner/stats/shares');

export const getStatsSharesQueryOptions = () => queryOptions({ queryKey: ['stats-shares'], queryFn: getStatsShares });

/** The shared links to the statistics that still exist (decision 043). */
export const useStatsShares = () => useQuery(getStatsSharesQueryOptions());
