import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OwnerSessionTable } from '../db/schema.js';
import { createSession, SESSION_LIFETIME_SECONDS } from '../repositories/owner-repository.js';
import { describeDevice } from './device-description.js';
import type { OwnerAuthContext } from './owner-auth-context.js';
import { setSessionCookie } from './session-cookie.js';
import { noteSignIn } from './sign-in-notices.js';

/** A new session after a password (with second factor) or a passkey was accepted; a new device is told of. */
export async function startOwnerSession(
  context: OwnerAuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  how: 'password' | 'passkey',
  now = new Date(),
): Promise<OwnerSessionTable> {
  const device = describeDevice(request.headers['user-agent']);
  const { token, session } = await createSession(context.db, device, now);
  setSessionCookie(request, reply, token, SESSION_LIFETIME_SECONDS);
  await noteSignIn(context, request, reply, device, now);
  request.log.info({ ownerSessionId: session.id, how }, 'owner signed in');
  return session;
}
