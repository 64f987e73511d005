import { useState } from 'react';
import { ApiError } from '../../../shared/api/api-client.js';

/**
 * The authenticator's code, as the sign-in and the reset ask for it: the field appears once the
 * server wants a code (or said the one given was wrong), and empties after each try.
 */
export function useCodePrompt() {
  const [code, setCode] = useState('');
  const [asked, setAsked] = useState(false);
  return {
    asked,
    code,
    setCode,
    /** What the request carries: the code, once asked for and typed. */
    body: asked && code.trim() ? { code: code.trim() } : {},
    /** A refused try: the field appears when a code is what was missing or wrong. */
    failed: (error: unknown) => {
      if (error instanceof ApiError && (error.code === 'second_factor_required' || error.code === 'wrong_code')) {
        setAsked(true);
      }
      setCode('');
    },
    /** The error to show: "enter the code" is said by the field appearing, not as an error. */
    shown: (error: unknown) =>
      error instanceof ApiError && error.code === 'second_factor_required' ? undefined : error,
  };
}
