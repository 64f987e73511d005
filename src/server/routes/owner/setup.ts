import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionResponseSchema } from '../../../shared/schemas/owner.js';
import { ownerSetupBodySchema } from '../../../shared/schemas/owner-setup.js';
import { inVerificationSlot } from '../../auth/credential-check.js';
import type { OwnerAuthContext } from '../../auth/owner-auth-context.js';
import { hashPassword } from '../../auth/password.js';
import { startOwnerSession } from '../../auth/start-session.js';
import { AppError } from '../../errors.js';
import { createRateLimit } from '../../rate-limit/rate-limit.js';
import { getPasswordHash } from '../../repositories/owner-repository.js';
import { ownerSetupTokenIsLive, setFirstPasswordWithToken } from '../../repositories/owner-setup-repository.js';
import { errorResponses, ok } from '../responses.js';
import { linkTokenFirst } from './link-token.js';
import { toSession } from './session.js';

const invalidLink = () =>
  new AppError(
    400,
    'invalid_setup_link',
    'This set-up link is wrong, used or expired: restart the site for a new one, or run npm run owner:password',
  );
const passwordExists = () =>
  new AppError(409, 'owner_password_set', 'The owner password is already set: sign in at /owner');

/**
 * `/owner/setup`: the first password, set in the browser with the link the server printed at
 * start-up (docs/decisions/031). Signed out by nature; the scope's same-origin check applies, and
 * each address has ten tries in 15 minutes, so the 256-bit token cannot be guessed anyway.
 */
export const ownerSetupRoutes: FastifyPluginAsync<OwnerAuthContext> = async (app, context) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  api.post('/owner/setup', {
    schema: {
      summary:
        "Set the owner's first password with the set-up link's token (printed at start-up while none exists); signs in",
      body: ownerSetupBodySchema,
      response: { 200: sessionResponseSchema, ...errorResponses(409, 429) },
    },
    preValidation: linkTokenFirst(ownerSetupBodySchema.shape.token, invalidLink),
    preHandler: createRateLimit(db, { name: 'owner-setup', points: 10, windowMs: 15 * 60_000 }),
    handler: async (request, reply) => {
      const { token, password } = request.body;
      if (await getPasswordHash(db)) throw passwordExists();
      if (!(await ownerSetupTokenIsLive(db, token))) throw invalidLink();
      // The token is proven: only now is the slow hash worth its verification slot.
      const hash = await inVerificationSlot(request, reply, () => hashPassword(password), { first: true });
      const outcome = await setFirstPasswordWithToken(db, token, hash);
      if (outcome === 'used') throw invalidLink();
      if (outcome === 'password-exists') throw passwordExists();
      request.log.warn('owner password set with the set-up link');
      const session = await startOwnerSession(context, request, reply, 'password');
      return ok({ session: toSession(session, session.id) }, 'Password set; signed in');
    },
  });
};
