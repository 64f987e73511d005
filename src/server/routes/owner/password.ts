import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  PASSWORD_RESET_LINK_MINUTES,
  passkeySignInBodySchema,
  passwordChangedResponseSchema,
  passwordResetBodySchema,
  passwordResetRequestBodySchema,
  passwordResetRequestResponseSchema,
  reauthenticationResponseSchema,
  securityResponseSchema,
  signInBodySchema,
} from '../../../shared/schemas/owner.js';
import { checkOwnerCredentials, inVerificationSlot, requirePasswordHash } from '../../auth/credential-check.js';
import type { OwnerAuthContext } from '../../auth/owner-auth-context.js';
import { passkeyAnswerLimit, provePasskey } from '../../auth/passkeys.js';
import { hashPassword } from '../../auth/password.js';
import { admitResetRequest } from '../../auth/password-reset-requests.js';
import { reauthenticatedUntil } from '../../auth/reauthentication.js';
import { notifyOwner } from '../../auth/sign-in-notices.js';
import type { Db } from '../../db/database.js';
import type { OwnerSessionTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { clientAddressKey } from '../../rate-limit/client-address.js';
import {
  changePasswordHash,
  getPasswordHash,
  markSessionAuthenticated,
  setPasswordHash,
} from '../../repositories/owner-repository.js';
import { listPasskeys } from '../../repositories/passkey-repository.js';
import { consumePasswordResetToken, passwordResetTokenIsLive } from '../../repositories/password-reset-repository.js';
import { countRecoveryCodesLeft, secondFactorEnabled } from '../../repositories/second-factor-repository.js';
import { errorResponses, ok } from '../responses.js';
import { linkTokenFirst } from './link-token.js';
import { toPasskey } from './passkeys.js';

const errors = errorResponses(429);

function signedInSession(session: OwnerSessionTable | undefined): OwnerSessionTable {
  if (!session) throw new AppError(401, 'unauthorized', 'Sign in first');
  return session;
}

/** Marks the session proven again now; answers until when sensitive changes need no new proof. */
async function reauthenticated(db: Db, session: OwnerSessionTable, now: Date) {
  await markSessionAuthenticated(db, session.id, now);
  return ok({
    reauthenticatedUntil: reauthenticatedUntil({ authenticated_at: now.toISOString() }, now)?.toISOString() ?? '',
  });
}

/**
 * A reset without a shell, signed out: asking for a link (sent through the configured channels) and
 * setting a new password with it. The link works once, for 30 minutes, and ends every session; the
 * second factor is still asked for.
 */
export const passwordResetRoutes: FastifyPluginAsync<OwnerAuthContext> = async (app, context) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  api.post('/owner/password-reset', {
    schema: {
      summary:
        'Ask for a password-reset link through the configured notification channels (the same answer whether or not one is configured)',
      body: passwordResetRequestBodySchema,
      response: { 200: passwordResetRequestResponseSchema, ...errors },
    },
    // Limited per source and for the whole site, but never for a browser the owner signed in from
    // before; past the site's ceiling the owner gets one summary instead (password-reset-requests.ts).
    handler: async (request, reply) => {
      const now = new Date();
      const source = clientAddressKey(request);
      // No address: the client has already gone, and nobody can be counted for it.
      if (source === undefined) throw new AppError(400, 'bad_request', 'The client closed the connection');
      if (await getPasswordHash(db)) {
        const decision = await admitResetRequest(context, request, source, now);
        if (!decision.allowed) {
          reply.header('retry-after', String(decision.retryAfterSeconds));
          throw new AppError(
            429,
            'rate_limited',
            `Too many reset links were asked for; try again in ${decision.retryAfterSeconds} s`,
          );
        }
        const expiresAt = new Date(now.getTime() + PASSWORD_RESET_LINK_MINUTES * 60_000);
        // The link's token is made when the notification is sent, so it is never stored in clear.
        await notifyOwner(context, 'password_reset', { expiresAt: expiresAt.toISOString() }, now);
        request.log.info('owner password reset requested');
      }
      return ok({ requested: true as const }, 'If a notification channel is configured, a link is on its way');
    },
  });

  api.post('/owner/password-reset/confirm', {
    schema: {
      summary: 'Set a new password with a reset link (and the second factor once it is on); ends every session',
      body: passwordResetBodySchema,
      response: { 200: passwordChangedResponseSchema, ...errorResponses(400), ...errors },
    },
    preValidation: linkTokenFirst(
      passwordResetBodySchema.shape.token,
      () => new AppError(400, 'broken_reset_link', 'This reset link is broken or incomplete: ask for a new one'),
    ),
    handler: async (request, reply) => {
      const { token, password, code } = request.body;
      const invalid = () => new AppError(400, 'invalid_reset_link', 'This link is used or expired: ask for a new one');
      if (!(await passwordResetTokenIsLive(db, token))) throw invalid();
      await checkOwnerCredentials(context, request, reply, { password: undefined, code });
      // The link and second factor are proven: hashing the new password goes before any guess.
      const hash = await inVerificationSlot(request, reply, () => hashPassword(password), { first: true });
      if (!(await consumePasswordResetToken(db, token))) throw invalid();
      await setPasswordHash(db, hash);
      request.log.warn('owner password reset with a link: every session ended');
      return ok({ changed: true as const }, 'Password changed; sign in with it');
    },
  });
};

/** Signed in: what protects the sign-in, proving it is still the owner, changing the password. */
export const accountSecurityRoutes: FastifyPluginAsync<OwnerAuthContext> = async (app, context) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  api.get('/owner/security', {
    schema: {
      summary: 'Second factor, recovery codes left, passkeys, and until when changes need no re-authentication',
      response: { 200: securityResponseSchema, ...errors },
    },
    handler: async (request) => {
      const until = reauthenticatedUntil(request.ownerSession);
      return ok({
        secondFactor: { enabled: await secondFactorEnabled(db), recoveryCodesLeft: await countRecoveryCodesLeft(db) },
        passkeys: (await listPasskeys(db)).map(toPasskey),
        reauthenticatedUntil: until?.toISOString() ?? null,
      });
    },
  });

  api.post('/owner/reauthenticate', {
    schema: {
      summary: 'Prove it is the owner again (password with the second factor) before a sensitive change',
      // The same proof as signing in.
      body: signInBodySchema,
      response: { 200: reauthenticationResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const session = signedInSession(request.ownerSession);
      const now = new Date();
      await checkOwnerCredentials(context, request, reply, request.body, now);
      return reauthenticated(db, session, now);
    },
  });

  api.post('/owner/reauthenticate/passkey', {
    schema: {
      summary: 'Prove it is the owner again with a passkey (its answer to a challenge)',
      body: passkeySignInBodySchema,
      response: { 200: reauthenticationResponseSchema, ...errors },
    },
    preHandler: passkeyAnswerLimit(db),
    handler: async (request) => {
      const session = signedInSession(request.ownerSession);
      const now = new Date();
      await provePasskey(context, request.body.response as unknown as AuthenticationResponseJSON, now);
      return reauthenticated(db, session, now);
    },
  });

  api.put('/owner/password', {
    schema: {
      summary:
        'Change the password with the current one (and the second factor once it is on); ends every other session',
      body: changePasswordBodySchema,
      response: { 200: passwordChangedResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const session = signedInSession(request.ownerSession);
      const { currentPassword, newPassword, code } = request.body;
      const now = new Date();
      await requirePasswordHash(context);
      // The current password with the second factor is itself the re-authentication this change needs.
      await checkOwnerCredentials(context, request, reply, { password: currentPassword, code }, now);
      const hash = await inVerificationSlot(request, reply, () => hashPassword(newPassword), { first: true });
      await changePasswordHash(db, hash, session.id, now);
      await markSessionAuthenticated(db, session.id, now);
      request.log.warn('owner password changed: every other session ended');
      return ok({ changed: true as const }, 'Password changed');
    },
  });
};
