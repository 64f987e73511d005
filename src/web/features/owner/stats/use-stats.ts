import { useCallback, useEffect, useState } from 'react';
import { getStats, type StatsData } from '../owner-api.js';
import { useOwnerError } from '../owner-session.js';
import type { DayRange } from './ranges.js';

export interface StatsState {
  /** The last figures received; kept while the next period loads, so the page does not jump. */
  stats: StatsData | undefined;
  /** The figures on screen are not (yet) those of the chosen period. */
  loading: boolean;
  error: string | undefined;
  reload: () => void;
}

/**
 * The statistics of a period: one request per period chosen, the one before cancelled, never
 * cached (the figures move with every visit, and the server answers them with no-store).
 */
export function useStats({ from, to }: DayRange): StatsState {
  const errorText = useOwnerError();
  const [stats, setStats] = useState<StatsData | undefined>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how reload() asks again.
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    getStats({ from, to }, controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setStats(data);
        setError(undefined);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(errorText(failure));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [from, to, errorText, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { stats, loading, error, reload };
}
