import type { FastifyRequest } from 'fastify';

/** How many request hosts get pages of their own when PUBLIC_URL is not set. */
const MAX_REQUEST_ORIGINS = 4;

/**
 * The origin absolute addresses are built on (canonical, hreflang, sitemap, preview image).
 * PUBLIC_URL decides when it is set. Without it the request's host is used — but pages are rendered
 * once per origin and kept, and the Host header is the client's to choose, so only the first few
 * hosts seen get their own; later ones share the first (set PUBLIC_URL to be exact).
 */
export function createOriginResolver(publicUrl: string | undefined) {
  const seen: string[] = [];
  return (request: FastifyRequest): string => {
    if (publicUrl) return publicUrl;
    const host = /^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i.test(request.host)
      ? request.host.toLowerCase()
      : 'localhost';
    const origin = `${request.protocol}://${host}`;
    if (seen.includes(origin)) return origin;
    if (seen.length < MAX_REQUEST_ORIGINS) {
      seen.push(origin);
      return origin;
    }
    return seen[0] ?? origin;
  };
}
