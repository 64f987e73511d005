import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/database.js';
import type { OwnerPasskeyTable } from '../db/schema.js';
import { AppError } from '../errors.js';
import { createRateLimit } from '../rate-limit/rate-limit.js';
import {
  addPasskey,
  findPasskeyByCredentialId,
  listPasskeys,
  markPasskeyUsed,
  saveWebauthnChallenge,
  takeWebauthnChallenge,
} from '../repositories/passkey-repository.js';
import type { OwnerAuthContext } from './owner-auth-context.js';

/**
 * Passkeys through `@simplewebauthn/server`. They are bound to the site's public origin (PUBLIC_URL):
 * the relying party is its host name, so a passkey made for one domain never signs in on another,
 * and moving the site to a new domain means signing in with the password and adding passkeys again.
 * User verification (fingerprint, face, PIN) is required, since a passkey alone signs in.
 */
const CHALLENGE_LIFETIME_MS = 5 * 60_000;
/** One owner: every passkey belongs to the same user handle. */
const OWNER_USER_ID = new TextEncoder().encode('sahifa-owner');

function relyingParty(context: OwnerAuthContext) {
  const origin = context.siteOrigin();
  return { rpID: new URL(origin).hostname, origin };
}

function transportsOf(passkey: OwnerPasskeyTable): WebAuthnCredential['transports'] {
  return passkey.transports ? (JSON.parse(passkey.transports) as WebAuthnCredential['transports']) : undefined;
}

/** A refused answer, whatever the library found wrong with it (never a 5xx: the body is the client's). */
function refused(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError(400, 'passkey_failed', 'The passkey could not be verified');
}

/** Keeps a challenge we sent for its lifetime, so that the answer to it is taken once, for its purpose. */
async function keepChallenge(
  context: OwnerAuthContext,
  challenge: string,
  purpose: 'registration' | 'authentication',
  sessionId: string | null,
  now: Date,
): Promise<void> {
  const expiresAt = new Date(now.getTime() + CHALLENGE_LIFETIME_MS);
  await saveWebauthnChallenge(context.db, { challenge, purpose, sessionId, expiresAt }, now);
}

export async function passkeyRegistrationOptions(context: OwnerAuthContext, sessionId: string, now = new Date()) {
  const existing = await listPasskeys(context.db);
  const options = await generateRegistrationOptions({
    rpName: 'Sahifa',
    rpID: relyingParty(context).rpID,
    userID: OWNER_USER_ID,
    userName: 'owner',
    userDisplayName: 'Owner',
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(context, options.challenge, 'registration', sessionId, now);
  return options;
}

export async function registerPasskey(
  context: OwnerAuthContext,
  sessionId: string,
  name: string,
  response: RegistrationResponseJSON,
  now = new Date(),
): Promise<OwnerPasskeyTable> {
  const { rpID, origin } = relyingParty(context);
  try {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => takeWebauthnChallenge(context.db, challenge, 'registration', sessionId, now),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    if (!verification.verified) throw refused(undefined);
    const { credential } = verification.registrationInfo;
    return await addPasskey(
      context.db,
      {
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ? JSON.stringify(credential.transports) : null,
        name,
      },
      now,
    );
  } catch (error) {
    throw refused(error);
  }
}

/** Options for signing in or re-authenticating: any of the site's passkeys (discoverable ones). */
export async function passkeyAuthenticationOptions(context: OwnerAuthContext, now = new Date()) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(context).rpID,
    userVerification: 'required',
  });
  await keepChallenge(context, options.challenge, 'authentication', null, now);
  return options;
}

/**
 * Passkey answers, for signing in and re-authenticating alike: one count per address, so switching
 * between the two gives no more tries.
 */
export function passkeyAnswerLimit(db: Db): preHandlerAsyncHookHandler {
  return createRateLimit(db, { name: 'passkey-sign-in', points: 10, windowMs: 15 * 60_000 });
}

/** Verifies a passkey's answer to one of our challenges (to sign in or re-authenticate), and records its use. */
export async function provePasskey(
  context: OwnerAuthContext,
  response: AuthenticationResponseJSON,
  now = new Date(),
): Promise<void> {
  const passkey = await verifyPasskey(context, response, now);
  await markPasskeyUsed(context.db, passkey.id, Number(passkey.counter), now);
}

/** Verifies a passkey's answer to one of our challenges; answers the passkey used. */
async function verifyPasskey(
  context: OwnerAuthContext,
  response: AuthenticationResponseJSON,
  now = new Date(),
): Promise<OwnerPasskeyTable> {
  const { rpID, origin } = relyingParty(context);
  try {
    const passkey = await findPasskeyByCredentialId(context.db, response.id);
    if (!passkey) throw new AppError(400, 'passkey_failed', 'This passkey is not one of the site’s');
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => takeWebauthnChallenge(context.db, challenge, 'authentication', null, now),
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey),
      },
      requireUserVerification: true,
    });
    if (!verification.verified) throw refused(undefined);
    return { ...passkey, counter: verification.authenticationInfo.newCounter };
  } catch (error) {
    throw refused(error);
  }
}
