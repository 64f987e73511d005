import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The owner's session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site sends it),
 * and over HTTPS Secure with the `__Host-` prefix, which also pins it to this host and path `/`.
 * HTTPS is the request's protocol, so behind a proxy it follows `X-Forwarded-Proto` when TRUST_PROXY
 * trusts that proxy.
 */
export const SESSION_COOKIE = 'sahifa_session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

function cookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The session token the request carries, from the cookie that fits its protocol. */
export function readSessionToken(request: FastifyRequest): string | undefined {
  const name = cookieName(request);
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      const value = part.slice(separator + 1).trim();
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${cookieName(request)}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`,
  );
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  setSessionCookie(request, reply, '', 0);
}
