/**
 * How the server's Node.js is started in production: `npm run serve` (package.json) and the systemd
 * unit (docs/deploy/sahifa.service) say the same, and the benches that report memory start it so
 * (server-runtime.test.ts holds the three together). Measured with `npm run bench:pictures` and CPU
 * time per answer (decision 023): together they keep about 20 MiB less resident, for no measurable
 * CPU per request.
 */

/**
 * V8's young generation at 8 MiB per half instead of 16: a request's garbage is short-lived, so
 * scavenges stay cheap, and the heap gives back what a burst of requests grew it to.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'] as const;

/**
 * At most two glibc malloc arenas: by default each thread that allocates (libuv's pool compressing
 * pages, reading pictures) gets its own, and keeps what it once held long after it is freed.
 */
export const SERVER_ENVIRONMENT = { MALLOC_ARENA_MAX: '2' } as const;
