import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successResponseSchema } from '../../../shared/schemas/api.js';
import {
  idParamsSchema,
  type OwnerSession,
  sessionResponseSchema,
  sessionsResponseSchema,
  signInBodySchema,
} from '../../../shared/schemas/owner.js';
import { sessionOf } from '../../auth/current-session.js';
import { describeDevice } from '../../auth/device-description.js';
import { verifyPassword } from '../../auth/password.js';
import { clearSessionCookie, setSessionCookie } from '../../auth/session-cookie.js';
import { clearSignInAttempts, countSignInAttempt } from '../../auth/sign-in-attempts.js';
import { takeVerificationSlot } from '../../auth/verification-slots.js';
import type { Db } from '../../db/database.js';
import type { OwnerSessionTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { clientAddressKey } from '../../rate-limit/client-address.js';
import {
  clearSignInFailures,
  createSession,
  deleteSession,
  getPasswordHash,
  listSessions,
  recordSignInFailure,
  SESSION_LIFETIME_SECONDS,
} from '../../repositories/owner-repository.js';
import { errorResponses, ok, ownerErrorResponses } from '../responses.js';

// Signing in is also rate limited by address.
const errors = { ...ownerErrorResponses, ...errorResponses(429) };
const signedOutResponseSchema = successResponseSchema(z.object({ signedOut: z.literal(true) }));

function toSession(row: OwnerSessionTable, currentId: string | undefined): OwnerSession {
  return {
    id: row.id,
    device: row.device,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    current: row.id === currentId,
  };
}

async function requirePassword(db: Db): Promise<string> {
  const hash = await getPasswordHash(db);
  if (!hash)
    throw new AppError(401, 'owner_password_not_set', 'No owner password is set yet: run npm run owner:password');
  return hash;
}

/** `/owner/session`: who is signed in, signing in, signing out. */
export const sessionRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/owner/session', {
    schema: {
      tags: ['owner'],
      summary: 'The current owner session (401 when signed out, with code owner_password_not_set before setup)',
      response: { 200: sessionResponseSchema, ...errors },
    },
    handler: async (request) => {
      await requirePassword(db);
      const session = await sessionOf(db, request);
      if (!session) throw new AppError(401, 'unauthorized', 'Sign in first');
      return ok({ session: toSession(session, session.id) });
    },
  });

  api.post('/owner/session', {
    schema: {
      tags: ['owner'],
      summary: 'Sign in with the owner password; sets the session cookie',
      body: signInBodySchema,
      response: { 200: sessionResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const hash = await requirePassword(db);
      // Counted like every other limit: an IPv6 address by its /64 (decision 011). A client that
      // vanished has no address; it still counts against one shared key.
      const address = clientAddressKey(request) ?? 'unknown';
      const release = takeVerificationSlot();
      if (!release) {
        reply.header('retry-after', '1');
        request.log.warn('owner sign-in refused: verifications busy');
        throw new AppError(429, 'rate_limited', 'Too many sign-in attempts at once; try again in 1 s');
      }
      try {
        const now = new Date();
        const attempt = await countSignInAttempt(db, address, now);
        if (!attempt.allowed) {
          reply.header('retry-after', String(attempt.retryAfterSeconds));
          throw new AppError(
            429,
            'rate_limited',
            `Too many sign-in attempts; try again in ${attempt.retryAfterSeconds} s`,
          );
        }
        if (!(await verifyPassword(request.body.password, hash))) {
          await recordSignInFailure(db, address, now);
          // One line per failure with the address (an IPv6 /64 as such), for fail2ban (docs/deploy).
          request.log.warn({ address }, 'owner sign-in failed: wrong password');
          throw new AppError(401, 'wrong_password', 'Wrong password');
        }
        await clearSignInAttempts(db, address);
        await clearSignInFailures(db, address);
        const { token, session } = await createSession(db, describeDevice(request.headers['user-agent']), now);
        setSessionCookie(request, reply, token, SESSION_LIFETIME_SECONDS);
        request.log.info({ ownerSessionId: session.id }, 'owner signed in');
        return ok({ session: toSession(session, session.id) }, 'Signed in');
      } finally {
        release();
      }
    },
  });

  api.delete('/owner/session', {
    schema: { tags: ['owner'], summary: 'Sign out', response: { 200: signedOutResponseSchema, ...errors } },
    handler: async (request, reply) => {
      const session = await sessionOf(db, request);
      if (!session) throw new AppError(401, 'unauthorized', 'Sign in first');
      await deleteSession(db, session.id);
      clearSessionCookie(request, reply);
      return ok({ signedOut: true as const }, 'Signed out');
    },
  });
};

/** `/owner/sessions`: every active session, and ending any of them. Behind the sign-in. */
export const sessionListRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/owner/sessions', {
    schema: { tags: ['owner'], summary: 'Active owner sessions', response: { 200: sessionsResponseSchema, ...errors } },
    handler: async (request) => {
      const sessions = await listSessions(db);
      return ok({ sessions: sessions.map((row) => toSession(row, request.ownerSession?.id)) });
    },
  });

  api.delete('/owner/sessions/:id', {
    schema: {
      tags: ['owner'],
      summary: 'End a session',
      params: idParamsSchema,
      response: { 200: signedOutResponseSchema, ...errorResponses(404), ...errors },
    },
    handler: async (request, reply) => {
      if (!(await deleteSession(db, request.params.id))) throw new AppError(404, 'not_found', 'No such session');
      if (request.params.id === request.ownerSession?.id) clearSessionCookie(request, reply);
      return ok({ signedOut: true as const }, 'Session ended');
    },
  });
};
