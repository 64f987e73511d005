import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../shared/schemas/owner.js';

/** Letters and digits that cannot be mistaken for one another (no i, l, o, 0, 1). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * Ten single-use recovery codes, shown to the owner once: twelve characters each (about 59 bits),
 * written `abcd-efgh-jkmn`. Only their hashes are stored; random codes that long need no slow hash.
 */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const characters = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${characters.slice(0, 4)}-${characters.slice(4, 8)}-${characters.slice(8)}`;
  });
}

/** The stored form of a code: case, spaces and dashes as typed do not matter. */
export function hashRecoveryCode(code: string): string {
  const normalised = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(normalised).digest('hex');
}
