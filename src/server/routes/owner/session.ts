import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successResponseSchema } from '../../../shared/schemas/api.js';
import {
  idParamsSchema,
  type OwnerSession,
  passkeySignInBodySchema,
  sessionResponseSchema,
  sessionsResponseSchema,
  signInBodySchema,
  webauthnOptionsResponseSchema,
} from '../../../shared/schemas/owner.js';
import { checkOwnerCredentials, requirePasswordHash } from '../../auth/credential-check.js';
import { sessionOf } from '../../auth/current-session.js';
import type { OwnerAuthContext } from '../../auth/owner-auth-context.js';
import { passkeyAnswerLimit, passkeyAuthenticationOptions, provePasskey } from '../../auth/passkeys.js';
import { clearSessionCookie } from '../../auth/session-cookie.js';
import { startOwnerSession } from '../../auth/start-session.js';
import type { OwnerSessionTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { createRateLimit } from '../../rate-limit/rate-limit.js';
import { deleteSession, listSessions } from '../../repositories/owner-repository.js';
import { errorResponses, ok } from '../responses.js';

// Signing in is also rate limited by address.
const errors = errorResponses(429);
const signedOutResponseSchema = successResponseSchema(z.object({ signedOut: z.literal(true) }));

export function toSession(row: OwnerSessionTable, currentId: string | undefined): OwnerSession {
  return {
    id: row.id,
    device: row.device,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    current: row.id === currentId,
  };
}

/** `/owner/session`: who is signed in, signing in (password or passkey), signing out. */
export const sessionRoutes: FastifyPluginAsync<OwnerAuthContext> = async (app, context) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  api.get('/owner/session', {
    schema: {
      summary: 'The current owner session (401 when signed out, with code owner_password_not_set before setup)',
      response: { 200: sessionResponseSchema, ...errors },
    },
    handler: async (request) => {
      await requirePasswordHash(context);
      const session = await sessionOf(db, request);
      if (!session) throw new AppError(401, 'unauthorized', 'Sign in first');
      return ok({ session: toSession(session, session.id) });
    },
  });

  api.post('/owner/session', {
    schema: {
      summary:
        'Sign in with the owner password, and the second factor once it is on (401 second_factor_required asks for it); sets the session cookie',
      body: signInBodySchema,
      response: { 200: sessionResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      await checkOwnerCredentials(context, request, reply, request.body);
      const session = await startOwnerSession(context, request, reply, 'password');
      return ok({ session: toSession(session, session.id) }, 'Signed in');
    },
  });

  // A challenge is a row until answered: limit how fast one address can ask for them.
  const challengeLimit = createRateLimit(db, { name: 'passkey-options', points: 30, windowMs: 15 * 60_000 });

  api.post('/owner/passkeys/authentication-options', {
    schema: {
      summary: 'A WebAuthn challenge for signing in or re-authenticating with a passkey',
      response: { 200: webauthnOptionsResponseSchema, ...errors },
    },
    preHandler: challengeLimit,
    handler: async () => ok({ options: { ...(await passkeyAuthenticationOptions(context)) } }),
  });

  api.post('/owner/session/passkey', {
    schema: {
      summary: 'Sign in with a passkey (its answer to a challenge); sets the session cookie',
      body: passkeySignInBodySchema,
      response: { 200: sessionResponseSchema, ...errors },
    },
    preHandler: passkeyAnswerLimit(db),
    handler: async (request, reply) => {
      await requirePasswordHash(context);
      const now = new Date();
      await provePasskey(context, request.body.response as unknown as AuthenticationResponseJSON, now);
      const session = await startOwnerSession(context, request, reply, 'passkey', now);
      return ok({ session: toSession(session, session.id) }, 'Signed in');
    },
  });

  api.delete('/owner/session', {
    schema: { summary: 'Sign out', response: { 200: signedOutResponseSchema, ...errors } },
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
export const sessionListRoutes: FastifyPluginAsync<{ db: OwnerAuthContext['db'] }> = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/owner/sessions', {
    schema: { summary: 'Active owner sessions', response: { 200: sessionsResponseSchema, ...errors } },
    handler: async (request) => {
      const sessions = await listSessions(db);
      return ok({ sessions: sessions.map((row) => toSession(row, request.ownerSession?.id)) });
    },
  });

  api.delete('/owner/sessions/:id', {
    schema: {
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
