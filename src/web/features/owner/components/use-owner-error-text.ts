import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client.js';

/** The server's error codes the owner area has words for; any other is "something went wrong". */
const KNOWN_ERRORS = new Set([
  'wrong_password',
  'rate_limited',
  'network',
  'unauthorized',
  'forbidden',
  'channel_not_configured',
  'move_not_allowed',
  'wrong_code',
  'second_factor_required',
  'invalid_reset_link',
  'broken_reset_link',
  'passkey_failed',
  'validation_failed',
]);

/** The translated text of a failed call, from its error code. (A lost session is handled by the query client.) */
export function useOwnerErrorText(): (error: unknown) => string {
  const { t } = useTranslation('owner');
  return useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? error.code : 'other';
      return t(`errors.${KNOWN_ERRORS.has(code) ? (code as 'network') : 'other'}`);
    },
    [t],
  );
}
