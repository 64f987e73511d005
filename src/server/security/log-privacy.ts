import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const VERBOSE_LEVELS = new Set(['debug', 'trace']);

/** The matched route's pattern (`/api/v1/pages/:section`), else the path without its query. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?', 1)[0] ?? '';
}

/**
 * Logging without visitors' addresses: the request line keeps method, route and host, and any `ip`
 * field a log call passes is removed. Only at `debug` or `trace`, chosen to chase a problem, does the
 * request line include the client's address and the full URL with its query (a visitor's referring
 * address, the owner's inbox search). The one deliberate exception is a failed owner sign-in,
 * logged with its `address` so fail2ban can block a password guesser. README "Privacy of the logs".
 */
export function privateLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  const withAddress = typeof options.level === 'string' && VERBOSE_LEVELS.has(options.level);
  return {
    ...options,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: withAddress ? request.url : routeOf(request),
        host: request.host,
        ...(withAddress ? { remoteAddress: request.ip } : {}),
      }),
      ...options.serializers,
    },
    redact: withAddress ? [] : { paths: ['ip', 'ips', 'remoteAddress'], remove: true },
  };
}
