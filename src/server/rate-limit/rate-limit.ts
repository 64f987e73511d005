import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { clientAddressKey } from './client-address.js';
import { clientPseudonym, hitRateLimit } from './rate-limit-store.js';

export interface RateLimitOptions {
  /** Names the limit in its counters' keys (`contact`, `visitor-create`, `sign-in`); unique per limit. */
  name: string;
  /** Requests one client may make per window. */
  points: number;
  windowMs: number;
  /** Who is counted; the client's address (IPv6 by /64) unless given. */
  key?: (request: FastifyRequest) => string | undefined;
}

/**
 * A `preHandler` that counts the request in the database, so every process behind a load balancer
 * shares one count (decision 011), and answers 429 `rate_limited` with `Retry-After` once the client
 * has used its points. It runs after validation: a request refused as invalid costs the client nothing.
 *
 *     app.post('/contact', { preHandler: createRateLimit(db, { name: 'contact', points: 5, windowMs: 600_000 }) }, …)
 */
export function createRateLimit(db: Db, options: RateLimitOptions): preHandlerAsyncHookHandler {
  const { name, points, windowMs, key = clientAddressKey } = options;
  return async function rateLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const client = key(request);
    if (client === undefined) {
      // No address means the connection is already closed: nobody is waiting for an answer, and a
      // request nobody can be counted for must not go on to do its work.
      throw new AppError(400, 'bad_request', 'The client closed the connection');
    }
    const now = new Date();
    const hit = await hitRateLimit(db, `${name}:${await clientPseudonym(db, client)}`, windowMs, now);
    if (hit.points <= points) return;
    const seconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000));
    reply.header('retry-after', String(seconds));
    request.log.warn({ limit: name }, 'rate limited');
    throw new AppError(429, 'rate_limited', `Too many requests; try again in ${seconds} s`);
  };
}
