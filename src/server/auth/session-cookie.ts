import type { FastifyReply, FastifyRequest } from 'fastify';
import { ownerCookie } from './owner-cookie.js';

/** The owner's session cookie (see owner-cookie.ts for its attributes). */
export const SESSION_COOKIE = 'sahifa_session';
const sessionCookie = ownerCookie(SESSION_COOKIE);

/** The session token the request carries, from the cookie that fits its protocol. */
export function readSessionToken(request: FastifyRequest): string | undefined {
  return sessionCookie.read(request);
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
): void {
  sessionCookie.set(request, reply, token, maxAgeSeconds);
}

/** Expires the cookie at once (Max-Age=0) with the attributes it was set with. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  sessionCookie.set(request, reply, '', 0);
}
