import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { getStatsSharesQueryOptions, type StatsShares } from './get-stats-shares.js';

const revokeStatsShare = (id: string) =>
  apiRequest<StatsShares>(`/owner/stats/shares/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Revokes a link; the answer is the list without it. */
export const useRevokeStatsShare = () =>
  useMutation({ mutationFn: revokeStatsShare, meta: { updates: getStatsSharesQueryOptions().queryKey } });
