import type { StatsQuery } from '../../../../shared/schemas/stats.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import type { StatsSource } from '../api/stats-source.js';

/** A shared link's figures: the same answer as the owner's, from the link's own address (decision 043). */
export function sharedStatsSource(token: string): StatsSource {
  const path = `/shared/${encodeURIComponent(token)}`;
  return {
    shared: true,
    query: ({ from, to }: StatsQuery) => ({
      queryKey: ['shared-stats', token, { from, to }],
      queryFn: ({ signal }) => apiRequest(`${path}/stats?${new URLSearchParams({ from, to })}`, { signal }),
    }),
  };
}

/** Gives a password-protected link's password; the server answers with a cookie for this link's figures. */
export const unlockSharedStats = (token: string, password: string) =>
  apiRequest<{ unlocked: true }>(`/shared/${encodeURIComponent(token)}/unlock`, {
    method: 'POST',
    body: { password },
  });
