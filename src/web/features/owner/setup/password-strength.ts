import { OWNER_PASSWORD_MIN_LENGTH } from '../../../../shared/schemas/owner.js';

/** From this many characters a password is called strong: a passphrase of a few words. */
const STRONG_LENGTH = 20;

export type PasswordStrength = 'empty' | 'short' | 'fair' | 'strong';

/**
 * How a new password measures up, by its length in characters as the server counts it (code
 * points, so a letter like "oʻ" or an emoji is not counted twice): shorter than the minimum is
 * refused, as `npm run owner:password` refuses it.
 */
export function passwordStrength(password: string): PasswordStrength {
  const length = [...password].length;
  if (length === 0) return 'empty';
  if (length < OWNER_PASSWORD_MIN_LENGTH) return 'short';
  return length < STRONG_LENGTH ? 'fair' : 'strong';
}
