import type { FastifyRequest } from 'fastify';
import { hitRateLimit } from '../rate-limit/rate-limit-store.js';
import { fromKnownBrowser } from './device-cookie.js';
import type { OwnerAuthContext } from './owner-auth-context.js';
import { countResetRefusal } from './password-reset-refusals.js';
import { createRefusalLog } from './refusal-log.js';
import { notifyOwner } from './sign-in-notices.js';

const HOUR_MS = 60 * 60_000;
/** Links one source (an IPv4 address, an IPv6 /64) may have sent in an hour. */
const LINKS_PER_SOURCE = 3;
/** Links strangers may have sent in an hour, all sources together; past it the owner gets one summary. */
const LINKS_PER_SITE = 5;

const SOURCE_KEY = (source: string) => `password-reset:${source}`;
const SITE_KEY = 'password-reset-site:site';

export type ResetRequestDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const logResetRefusal = createRefusalLog('owner password reset refused: too many requests');

function secondsUntil(end: Date, now: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}

/**
 * Whether a reset link may be sent for this request (issue 25, defect 7). A browser the owner has
 * signed in from before is never refused and counts against nothing: strangers can use up every
 * count by address, never that cookie. Anyone else: three links an hour per source, and five for
 * all of them together. A request refused past the site's ceiling is counted for the owner's
 * summary: the first one of the hour queues it, to be sent when the hour is over, saying how many
 * were refused and from where (security-notifications.ts) — one message instead of a link each.
 */
export async function admitResetRequest(
  context: OwnerAuthContext,
  request: FastifyRequest,
  source: string,
  now = new Date(),
): Promise<ResetRequestDecision> {
  const { db } = context;
  if (await fromKnownBrowser(db, request, now)) return { allowed: true };
  const fromSource = await hitRateLimit(db, SOURCE_KEY(source), HOUR_MS, now);
  if (fromSource.points > LINKS_PER_SOURCE) {
    logResetRefusal(request.log, source);
    return { allowed: false, retryAfterSeconds: secondsUntil(fromSource.resetAt, now) };
  }
  const site = await hitRateLimit(db, SITE_KEY, HOUR_MS, now);
  if (site.points <= LINKS_PER_SITE) return { allowed: true };
  await countResetRefusal(db, source, site.resetAt, now);
  // Exactly one request sees the first number past the ceiling, in however many processes.
  if (site.points === LINKS_PER_SITE + 1) {
    const windowStart = new Date(site.resetAt.getTime() - HOUR_MS).toISOString();
    const windowEnd = site.resetAt.toISOString();
    await notifyOwner(
      context,
      'password_reset_refused',
      { windowStart, windowEnd, links: LINKS_PER_SITE },
      now,
      site.resetAt,
    );
  }
  logResetRefusal(request.log, source);
  return { allowed: false, retryAfterSeconds: secondsUntil(site.resetAt, now) };
}
