import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The owner's session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site sends it),
 * and over HTTPS Secure with the `__Host-` prefix, which also pins it to this host and path `/`.
 * HTTPS is the request's protocol, so behind a proxy it follows `X-Forwarded-Proto` when TRUST_PROXY
 * trusts that proxy.
 */
export const SESSION_COOKIE = 'sahifa_session';
const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

function cookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The session token the request carries, from the cookie that fits its protocol. */
export function readSessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[cookieName(request)];
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(cookieName(request), token, {
    path: '/',
    maxAge: maxAgeSeconds,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

/** Expires the cookie at once (Max-Age=0) with the attributes it was set with. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  setSessionCookie(request, reply, '', 0);
}
