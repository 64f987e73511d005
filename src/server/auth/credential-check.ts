import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { OwnerTotpTable } from '../db/schema.js';
import { AppError } from '../errors.js';
import { clientAddressKey } from '../rate-limit/client-address.js';
import { clearSignInFailures, getPasswordHash, recordSignInFailure } from '../repositories/owner-repository.js';
import { getTotp, spendRecoveryCode, spendTotpStep } from '../repositories/second-factor-repository.js';
import { fromKnownBrowser } from './device-cookie.js';
import type { OwnerAuthContext } from './owner-auth-context.js';
import { verifyPassword } from './password.js';
import { hashRecoveryCode } from './recovery-codes.js';
import { createRefusalLog } from './refusal-log.js';
import { clearSignInAttempts, countSignInAttempt } from './sign-in-attempts.js';
import { noteFailedSignIn } from './sign-in-notices.js';
import { isTotpCode, totpStepOf } from './totp.js';
import { takeVerificationSlot } from './verification-slots.js';

export async function requirePasswordHash(context: OwnerAuthContext): Promise<string> {
  const hash = await getPasswordHash(context.db);
  if (!hash)
    throw new AppError(401, 'owner_password_not_set', 'No owner password is set yet: run npm run owner:password');
  return hash;
}

const logSignInRefusal = createRefusalLog('owner sign-in refused: too many attempts');

/** 429 for an attempt that gets no check, logged against its source once a minute (fail2ban reads it). */
function refuse(request: FastifyRequest, reply: FastifyReply, source: string, retryAfterSeconds: number): AppError {
  reply.header('retry-after', String(retryAfterSeconds));
  logSignInRefusal(request.log, source);
  return new AppError(429, 'rate_limited', `Too many sign-in attempts; try again in ${retryAfterSeconds} s`);
}

/**
 * Runs scrypt work (checking or hashing a password) in one of the process's verification slots,
 * waiting its turn in their fair queue for at most a few seconds (see verification-slots.ts), or
 * refuses with 429 when it gets none. `first` puts a known browser of the owner's, or a request that
 * has already proven it is the owner's, before everyone else; `attempt` is the source's count so far.
 */
export async function inVerificationSlot<Result>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: () => Promise<Result>,
  { first = false, attempt }: { first?: boolean; attempt?: number } = {},
): Promise<Result> {
  const source = clientAddressKey(request) ?? 'unknown';
  const slot = await takeVerificationSlot({ source, first, attempt });
  if ('refused' in slot) throw refuse(request, reply, source, 1);
  try {
    return await work();
  } finally {
    slot.release();
  }
}

/**
 * Whether a second-factor code is good, using it up: an authenticator code of a time step not used
 * before, or an unused recovery code.
 */
async function secondFactorCodeAccepted(
  context: OwnerAuthContext,
  totp: Selectable<OwnerTotpTable>,
  code: string,
  now: Date,
): Promise<boolean> {
  if (isTotpCode(code)) {
    const step = totpStepOf(totp.secret, code.replace(/\s/g, ''), now);
    return step !== undefined && (await spendTotpStep(context.db, step, { now }));
  }
  return spendRecoveryCode(context.db, hashRecoveryCode(code), now);
}

/**
 * The owner's password and, once it is on, the second factor: for signing in, re-authenticating and
 * changing the password; a reset checks the second factor alone (its link stands in for the
 * password). Every check is one attempt of the address's five in 15 minutes (an IPv6 client by its
 * /64), counted before it waits for a verification slot or is verified, so an attempt refused
 * because the checks were busy is counted against its own source too: a flood uses up its own
 * attempts, never the owner's. A success gives the attempts back. A wrong password or code is
 * logged with the address for fail2ban and counted towards the owner's alert about repeated failures.
 */
export async function checkOwnerCredentials(
  context: OwnerAuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  { password, code }: { password: string | undefined; code?: string | undefined },
  now = new Date(),
): Promise<void> {
  const hash = await requirePasswordHash(context);
  // A client that vanished has no address; it still counts against one shared key.
  const address = clientAddressKey(request) ?? 'unknown';
  const attempt = await countSignInAttempt(context.db, address, now);
  if (!attempt.allowed) throw refuse(request, reply, address, attempt.retryAfterSeconds);
  const failed = async (what: 'password' | 'code') => {
    await recordSignInFailure(context.db, address, now);
    // One line per failure with the address (an IPv6 /64 as such), for fail2ban (docs/deploy).
    request.log.warn({ address }, `owner sign-in failed: wrong ${what}`);
    await noteFailedSignIn(context, now);
    return what === 'password'
      ? new AppError(401, 'wrong_password', 'Wrong password')
      : new AppError(401, 'wrong_code', 'Wrong or already used code');
  };
  // No password when a reset link stands in for it; the second factor is still asked for.
  if (password !== undefined) {
    const first = await fromKnownBrowser(context.db, request, now);
    const right = await inVerificationSlot(request, reply, () => verifyPassword(password, hash), {
      first,
      attempt: attempt.number,
    });
    if (!right) {
      throw await failed('password');
    }
  }
  const totp = await getTotp(context.db);
  if (totp?.confirmed_at) {
    // The password was right; the attempt stays counted, so codes are limited like passwords.
    if (code === undefined) throw new AppError(401, 'second_factor_required', 'Enter the code from your app');
    if (!(await secondFactorCodeAccepted(context, totp, code, now))) throw await failed('code');
  }
  await clearSignInAttempts(context.db, address);
  await clearSignInFailures(context.db, address);
}
