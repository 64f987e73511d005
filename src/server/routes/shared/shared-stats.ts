import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../../../shared/http.js';
import { statsQuerySchema, statsResponseSchema } from '../../../shared/schemas/stats.js';
import {
  SHARE_TOKEN_PATTERN,
  sharedTokenParamsSchema,
  sharedUnlockBodySchema,
  sharedUnlockResponseSchema,
} from '../../../shared/schemas/stats-shares.js';
import { verifyPassword } from '../../auth/password.js';
import { withPageTitles } from '../../collections/page-titles.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { hitRateLimit } from '../../rate-limit/rate-limit-store.js';
import { queryStats } from '../../repositories/stats-repository.js';
import { liveStatsShare, noteStatsShareViewed, type StatsShareRow } from '../../repositories/stats-share-repository.js';
import { errorResponses, ok } from '../responses.js';

/** The cookie a password-protected link's page holds once the password was given, for this link's API only. */
const SHARE_UNLOCK_COOKIE = 'sahifa_shared';
const UNLOCK_SECONDS = 12 * 60 * 60;
/** Password tries per link in a window: the link's viewers share them, so a guesser gets few. */
export const SHARE_PASSWORD_TRIES = 10;
const SHARE_PASSWORD_WINDOW_MS = 15 * 60_000;

/** Where a link's API lives: its unlock cookie is sent there and nowhere else. */
const sharePath = (token: string) => `${API_PREFIX}/shared/${token}`;

/**
 * What the unlock cookie holds: until when it is good, and a MAC over the link and that time keyed
 * by the link's password hash. Only the server knows the hash, so the cookie cannot be made without
 * the password; a revoked link answers 404 before the cookie is looked at.
 */
function unlockMac(share: StatsShareRow, until: number): string {
  return createHmac('sha256', share.password_hash ?? '')
    .update(`${share.id}.${until}`)
    .digest('base64url');
}

function isUnlocked(request: FastifyRequest, share: StatsShareRow, now: number): boolean {
  if (share.password_hash === null) return true;
  const [untilText, mac] = (request.cookies[SHARE_UNLOCK_COOKIE] ?? '').split('.');
  const until = Number(untilText);
  if (!mac || !Number.isSafeInteger(until) || until <= now) return false;
  const expected = Buffer.from(unlockMac(share, until));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function setUnlockCookie(request: FastifyRequest, reply: FastifyReply, share: StatsShareRow, token: string): void {
  const until = Date.now() + UNLOCK_SECONDS * 1000;
  reply.setCookie(SHARE_UNLOCK_COOKIE, `${until}.${unlockMac(share, until)}`, {
    path: sharePath(token),
    maxAge: UNLOCK_SECONDS,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

/** The working link of a token, or 404 for any other (unknown, malformed, revoked, expired): all alike. */
async function shareOf(db: Db, token: string): Promise<StatsShareRow> {
  const share = SHARE_TOKEN_PATTERN.test(token) ? await liveStatsShare(db, token) : undefined;
  if (!share) throw new AppError(404, 'not_found', 'No such shared link');
  return share;
}

/**
 * The statistics as a shared link shows them (docs/decisions/043-shared-statistics.md), outside the
 * owner scope: the same figures as `GET /owner/stats` and nothing else — no route here reads or
 * answers anything about messages, and the owner's session is never looked at. Search engines and
 * caches are told to keep nothing.
 */
export const sharedStatsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, tags: ['shared'] };
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
    reply.header('cache-control', 'private, no-store');
  });

  api.get('/shared/:token/stats', {
    schema: {
      summary: 'The statistics a shared link shows: the same figures as the owner’s, for a range of UTC days',
      description:
        'Unknown, revoked and expired links answer 404 alike; a link with a password answers 401 share_password_required until it is given (POST …/unlock).',
      params: sharedTokenParamsSchema,
      querystring: statsQuerySchema,
      response: { 200: statsResponseSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => {
      const share = await shareOf(db, request.params.token);
      if (!isUnlocked(request, share, Date.now())) {
        throw new AppError(401, 'share_password_required', 'This link asks for its password');
      }
      await noteStatsShareViewed(db, share);
      return ok(withPageTitles(await queryStats(db, request.query), app.contentState.current));
    },
  });

  api.post('/shared/:token/unlock', {
    schema: {
      summary: 'Give a shared link’s password: a cookie for this link’s figures follows, for 12 hours',
      description: `At most ${SHARE_PASSWORD_TRIES} tries per link in 15 minutes (429 rate_limited), right or wrong.`,
      params: sharedTokenParamsSchema,
      body: sharedUnlockBodySchema,
      response: { 200: sharedUnlockResponseSchema, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (request, reply) => {
      const { token } = request.params;
      const share = await shareOf(db, token);
      if (share.password_hash === null) return ok({ unlocked: true as const });
      // Counted per link, before the slow hash: guessing is slow for everyone, whatever their address.
      const now = new Date();
      const hit = await hitRateLimit(db, `stats-share-unlock:${share.id}`, SHARE_PASSWORD_WINDOW_MS, now);
      if (hit.points > SHARE_PASSWORD_TRIES) {
        const seconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000));
        reply.header('retry-after', String(seconds));
        throw new AppError(429, 'rate_limited', `Too many tries; try again in ${seconds} s`);
      }
      if (!(await verifyPassword(request.body.password, share.password_hash))) {
        throw new AppError(401, 'wrong_password', 'Wrong password');
      }
      setUnlockCookie(request, reply, share, token);
      return ok({ unlocked: true as const });
    },
  });
};
