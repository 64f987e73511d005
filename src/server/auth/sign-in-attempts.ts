import type { Db } from '../db/database.js';
import { hitRateLimit } from '../rate-limit/rate-limit-store.js';

/** Five attempts from one address (IPv6: its /64) in 15 minutes; then 429 until the window ends. */
const SIGN_IN_MAX_ATTEMPTS = 5;
const SIGN_IN_WINDOW_MS = 15 * 60_000;

function attemptKey(addressKey: string): string {
  return `sign-in:${addressKey}`;
}

/**
 * Counts one sign-in attempt before anything is verified, in the database's one atomic upsert
 * (decision 011), so a burst of parallel attempts is numbered 1, 2, 3… and only the first five reach
 * the password check: counting failures after a 0.45 s verification let every request of a burst
 * through. Answers which attempt this is, or how long to wait when the address has used its attempts.
 */
export async function countSignInAttempt(
  db: Db,
  addressKey: string,
  now = new Date(),
): Promise<{ allowed: true; number: number } | { allowed: false; retryAfterSeconds: number }> {
  const hit = await hitRateLimit(db, attemptKey(addressKey), SIGN_IN_WINDOW_MS, now);
  if (hit.points <= SIGN_IN_MAX_ATTEMPTS) return { allowed: true, number: hit.points };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000)) };
}

/** A successful sign-in gives the address its attempts back. */
export async function clearSignInAttempts(db: Db, addressKey: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', attemptKey(addressKey)).execute();
}
