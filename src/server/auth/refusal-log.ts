import type { FastifyBaseLogger } from 'fastify';

const WINDOW_MS = 60_000;
/** Sources remembered between their lines; past this the oldest are forgotten (a line may repeat then). */
const MAX_REMEMBERED_SOURCES = 10_000;

/**
 * A warning about refused requests that names the source at most once a minute, with how many it
 * has had refused since its last line: one line per refusal was 7,000 lines in 10 s under a flood
 * (issue 25, defect 3), and a line without the source was no use to fail2ban. The address is the
 * last field before the message, the shape the fail2ban filter reads (docs/deploy/fail2ban).
 */
export function createRefusalLog(message: string, { windowMs = WINDOW_MS, now = Date.now } = {}) {
  const sources = new Map<string, { loggedAt: number; unlogged: number }>();
  return function logRefusal(log: FastifyBaseLogger, source: string): void {
    const at = now();
    const entry = sources.get(source);
    if (entry && at - entry.loggedAt < windowMs) {
      entry.unlogged++;
      return;
    }
    sources.delete(source);
    sources.set(source, { loggedAt: at, unlogged: 0 });
    for (const oldest of sources.keys()) {
      if (sources.size <= MAX_REMEMBERED_SOURCES) break;
      sources.delete(oldest);
    }
    log.warn({ refused: (entry?.unlogged ?? 0) + 1, address: source }, message);
  };
}
