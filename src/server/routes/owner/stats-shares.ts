import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createdStatsShareResponseSchema,
  createStatsShareBodySchema,
  statsShareIdParamsSchema,
  statsSharesResponseSchema,
} from '../../../shared/schemas/stats-shares.js';
import { hashPassword } from '../../auth/password.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { createRateLimit } from '../../rate-limit/rate-limit.js';
import {
  createStatsShare,
  listStatsShares,
  revokeStatsShare,
  toStatsShare,
} from '../../repositories/stats-share-repository.js';
import { errorResponses, ok } from '../responses.js';

/**
 * The owner's shared statistics links (docs/decisions/043-shared-statistics.md), inside the owner
 * scope: every route answers 401 without a session, and 403 for a change from another site.
 */
export const statsShareRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A link is made by hand, now and then; a password costs a slow hash. One key: there is one owner.
  const createLimit = createRateLimit(db, {
    name: 'owner-stats-share-create',
    points: 30,
    windowMs: 60 * 60_000,
    key: () => 'owner',
  });

  api.get('/owner/stats/shares', {
    schema: {
      summary: 'The shared links to the statistics that are not revoked, newest first',
      response: { 200: statsSharesResponseSchema },
    },
    handler: async () => {
      const now = new Date();
      return ok({ shares: (await listStatsShares(db)).map((row) => toStatsShare(row, now)) });
    },
  });

  api.post('/owner/stats/shares', {
    schema: {
      summary: 'Make a read-only link to the statistics; its token is answered once',
      body: createStatsShareBodySchema,
      response: { 200: createdStatsShareResponseSchema, ...errorResponses(429) },
    },
    preHandler: createLimit,
    handler: async (request) => {
      const { name, expiresInDays, password } = request.body;
      const passwordHash = password === undefined ? null : await hashPassword(password);
      const { row, token } = await createStatsShare(db, { name, expiresInDays, passwordHash });
      return ok({ share: toStatsShare(row), token }, 'Link made');
    },
  });

  api.delete('/owner/stats/shares/:id', {
    schema: {
      summary: 'Revoke a shared link: it answers 404 from now on',
      params: statsShareIdParamsSchema,
      response: { 200: statsSharesResponseSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      if (!(await revokeStatsShare(db, request.params.id))) {
        throw new AppError(404, 'not_found', 'No such shared link');
      }
      const now = new Date();
      return ok({ shares: (await listStatsShares(db)).map((row) => toStatsShare(row, now)) }, 'Link revoked');
    },
  });
};
