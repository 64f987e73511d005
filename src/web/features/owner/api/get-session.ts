import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { sessionResponseSchema } from '../../../../shared/schemas/owner.js';
import { ApiError, apiRequest } from '../../../shared/api/api-client.js';

export type CurrentSession = ResponseData<typeof sessionResponseSchema>;

const getSession = () => apiRequest<CurrentSession>('/owner/session');

/**
 * Where the owner stands: no password set yet, signed out (`expired` when the server ended the
 * session), or signed in. Kept in the query cache, so a 401 anywhere can change it.
 */
type SessionStatus = { status: 'setup' } | { status: 'signed-out'; expired: boolean } | { status: 'signed-in' };

const sessionStatusKey = ['session-status'] as const;

/** Any failure but "no password yet" shows the sign-in, whose own request then says what is wrong. */
async function getSessionStatus(): Promise<SessionStatus> {
  try {
    await getSession();
    return { status: 'signed-in' };
  } catch (error) {
    return error instanceof ApiError && error.code === 'owner_password_not_set'
      ? { status: 'setup' }
      : { status: 'signed-out', expired: false };
  }
}

const getSessionStatusQueryOptions = () =>
  queryOptions({ queryKey: sessionStatusKey, queryFn: getSessionStatus, staleTime: Number.POSITIVE_INFINITY });

export const useSessionStatus = () => useQuery(getSessionStatusQueryOptions());

/** Signed in: the owner's data is fetched afresh (nothing is kept from a session before). */
export function markSignedIn(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionStatusKey[0] });
  queryClient.setQueryData(getSessionStatusQueryOptions().queryKey, { status: 'signed-in' });
}

export function markSignedOut(queryClient: QueryClient, reason?: 'expired'): void {
  const signedOut: SessionStatus = { status: 'signed-out', expired: reason === 'expired' };
  queryClient.setQueryData(getSessionStatusQueryOptions().queryKey, signedOut);
}
