import { useCallback, useState } from 'react';
import { ApiError } from '../../../shared/api/api-client.js';

const needsReauthentication = (error: unknown) =>
  error instanceof ApiError && error.code === 'reauthentication_required';

/** A failed call's error to show, unless it only asks for re-authentication (the prompt says that). */
export const shownError = (error: unknown) => (needsReauthentication(error) ? undefined : error);

/**
 * Sensitive changes answer 403 `reauthentication_required` when the session has not proved itself
 * in the last 10 minutes. `onError(error, again)` keeps the change to run `again` once the owner has
 * confirmed; `pending` tells the prompt to show.
 */
export function useReauthenticationPrompt() {
  const [again, setAgain] = useState<(() => void) | undefined>(undefined);
  const onError = useCallback((error: unknown, retry: () => void) => {
    if (needsReauthentication(error)) setAgain(() => retry);
  }, []);
  const confirmed = useCallback(() => {
    again?.();
    setAgain(undefined);
  }, [again]);
  const cancel = useCallback(() => setAgain(undefined), []);
  return { pending: again !== undefined, onError, confirmed, cancel };
}

export type ReauthenticationPrompt = ReturnType<typeof useReauthenticationPrompt>;
