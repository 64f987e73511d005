import { createContext, useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-client.js';

export interface OwnerSessionContext {
  /** Called when the server says the session is gone: the area shows the sign-in again. */
  onSignedOut: (reason?: 'unauthorized') => void;
}

export const OwnerSessionContext = createContext<OwnerSessionContext>({ onSignedOut: () => undefined });

const KNOWN_ERRORS = new Set([
  'wrong_password',
  'rate_limited',
  'network',
  'unauthorized',
  'forbidden',
  'channel_not_configured',
]);

/** The translated text of a failed call; a lost session also returns the owner to the sign-in. */
export function useOwnerError(): (error: unknown) => string {
  const { t } = useTranslation('owner');
  const { onSignedOut } = useContext(OwnerSessionContext);
  return useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? error.code : 'other';
      if (code === 'unauthorized') onSignedOut('unauthorized');
      return t(`errors.${KNOWN_ERRORS.has(code) ? (code as 'network') : 'other'}`);
    },
    [t, onSignedOut],
  );
}
