import { createContext, useContext } from 'react';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { StatsQuery, statsResponseSchema } from '../../../../shared/schemas/stats.js';

type Stats = ResponseData<typeof statsResponseSchema>;

/**
 * Where the dashboard's figures come from: the owner's API, or a shared link's (decision 043). The
 * dashboard and its cards read the figures through `useStats`, which asks the source given here, so a
 * shared link's page shows the same dashboard from its own address.
 */
export interface StatsSource {
  /** The key and the request of a period's figures. */
  query: (period: StatsQuery) => {
    queryKey: (string | StatsQuery)[];
    queryFn: (context: { signal: AbortSignal }) => Promise<Stats>;
  };
  /** A shared link's page: the owner's own tools (the "count this browser" switch) are left out. */
  shared: boolean;
}

/** undefined: the owner's own dashboard (the default source, `get-stats.ts`). */
export const StatsSourceContext = createContext<StatsSource | undefined>(undefined);

export const useStatsSource = () => useContext(StatsSourceContext);
