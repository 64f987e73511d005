import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';

/**
 * How long a client may take, and how many may be connected at once. Without these a client that
 * sends its body one byte every ten seconds holds a connection for ever (Fastify's default request
 * timeout is none), and a thousand such clients hold a thousand. README "Slow and hostile clients".
 */
export interface ServerLimits {
  /** From the connection (or the end of the last answer) to the end of the request's headers. */
  headersTimeoutMs: number;
  /** For the whole request, headers and body; a body is at most 32 KiB, seconds even on a slow phone. */
  requestTimeoutMs: number;
  /**
   * An idle kept-alive connection is closed after this. Proxies in front must close their idle
   * upstream connections sooner (nginx: 60 s by default; the Caddy example sets 60 s), or they may
   * send a request on a connection the server is closing at that moment.
   */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing at all moves for this long is closed (a reader that stopped reading). */
  idleSocketTimeoutMs: number;
  /** Connections beyond this are closed at once; behind a proxy there are only a few. */
  maxConnections: number;
  /** How often Node checks the header and request timeouts (its default, 30 s, would add up to 30 s to them). */
  timeoutCheckIntervalMs: number;
}

export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 65_000,
  idleSocketTimeoutMs: 120_000,
  maxConnections: 1_000,
  timeoutCheckIntervalMs: 1_000,
};

/** The Fastify options that carry the limits (the connection cap is set on the server, see below). */
export function serverLimitOptions(
  limits: ServerLimits,
): Pick<FastifyHttpOptions<Server>, 'http' | 'requestTimeout' | 'keepAliveTimeout' | 'connectionTimeout'> {
  return {
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
    },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleSocketTimeoutMs,
  };
}

export function applyConnectionCap(app: FastifyInstance, limits: ServerLimits): void {
  app.server.maxConnections = limits.maxConnections;
}
