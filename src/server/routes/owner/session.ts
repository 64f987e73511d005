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
import type { Db } from '../../db/database.js';
import type { OwnerSessionTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import {
  clearSignInFailures,
  countSignInFailures,
  createSession,
  deleteSession,
  getPasswordHash,
  listSessions,
  recordSignInFailure,
  SESSION_LIFETIME_SECONDS,
} from '../../repositories/owner-repository.js';
import { errorResponses, ok, ownerErrorResponses } from '../responses.js';

/** Five wrong passwords from one address in 15 minutes lock that address out until the oldest expires. */
export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

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
      // A client that vanished has no address; it still counts against one shared key.
      const address = request.ip ?? 'unknown';
      const now = new Date();
      const failures = await countSignInFailures(db, address, new Date(now.getTime() - SIGN_IN_WINDOW_MS));
      if (failures.count >= SIGN_IN_MAX_FAILURES && failures.oldest) {
        const retryAfter = Math.max(
          1,
          Math.ceil((Date.parse(failures.oldest) + SIGN_IN_WINDOW_MS - now.getTime()) / 1000),
        );
        reply.header('retry-after', String(retryAfter));
        throw new AppError(429, 'rate_limited', `Too many wrong passwords; try again in ${retryAfter} s`);
      }
      if (!(await verifyPassword(request.body.password, hash))) {
        await recordSignInFailure(db, address, now);
        // One line per failure with the address, for fail2ban (docs/deploy).
        request.log.warn({ address }, 'owner sign-in failed: wrong password');
        throw new AppError(401, 'wrong_password', 'Wrong password');
      }
      await clearSignInFailures(db, address);
      const { token, session } = await createSession(db, describeDevice(request.headers['user-agent']), now);
      setSessionCookie(request, reply, token, SESSION_LIFETIME_SECONDS);
      request.log.info({ ownerSessionId: session.id }, 'owner signed in');
      return ok({ session: toSession(session, session.id) }, 'Signed in');
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
