import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-client.js';
import { markSignedOut } from './get-session.js';

declare module '@tanstack/react-query' {
  interface Register {
    /** What a successful call changes in the cache, said where the call is declared. */
    mutationMeta: {
      /** Queries that load again; the call is done once they have. */
      invalidates?: readonly QueryKey[];
      /** The query whose new data the call's answer is. */
      updates?: QueryKey;
    };
  }
}

/**
 * The owner area's query cache, created when the area loads, so visitors never download TanStack
 * Query. A call answered 401 (the session ended or was ended elsewhere) returns the owner to the
 * sign-in, wherever it was made. A call's `meta` says which queries its success changes.
 */
export function createOwnerQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'unauthorized') markSignedOut(queryClient, 'expired');
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      onError,
      onSuccess: (answer, _variables, _context, { meta }) => {
        if (meta?.updates) queryClient.setQueryData(meta.updates, answer);
        return Promise.all((meta?.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      },
    }),
    defaultOptions: {
      // A failure is shown at once, in words, with the page's own way to try again.
      queries: { retry: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
