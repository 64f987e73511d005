import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A cookie the owner's browser keeps: HttpOnly (no script reads it), SameSite=Strict (no other site
 * sends it), and over HTTPS Secure with the `__Host-` prefix, which also pins it to this host and path
 * `/`. HTTPS is the request's protocol, so behind a proxy it follows `X-Forwarded-Proto` when
 * TRUST_PROXY trusts that proxy. Its value is a random token (32 bytes, base64url).
 */
export function ownerCookie(name: string) {
  const nameFor = (request: FastifyRequest) => (request.protocol === 'https' ? `__Host-${name}` : name);
  return {
    /** The token the request carries in the cookie that fits its protocol, if it has a token's shape. */
    read(request: FastifyRequest): string | undefined {
      const value = request.cookies[nameFor(request)];
      return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
    },
    set(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number): void {
      reply.setCookie(nameFor(request), token, {
        path: '/',
        maxAge: maxAgeSeconds,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
      });
    },
  };
}
