import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-client.js';
import { markSignedOut } from './get-session.js';

/**
 * The owner area's query cache, created when the area loads, so visitors never download TanStack
 * Query. A call answered 401 (the session ended or was ended elsewhere) returns the owner to the
 * sign-in, wherever it was made.
 */
export function createOwnerQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'unauthorized') markSignedOut(queryClient, 'expired');
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      // A failure is shown at once, in words, with the page's own way to try again.
      queries: { retry: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
