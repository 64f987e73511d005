import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { healthResponseSchema } from '../../../shared/schemas/api.js';
import { withTimeLimit } from '../../../shared/with-time-limit.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { errorResponses, ok } from '../responses.js';

/** How long the database may take to answer before the process counts as unhealthy. */
const HEALTH_TIMEOUT_MS = 2_000;

/**
 * `GET /health` for load balancers and supervisors: 200 when this process can reach its database,
 * 503 when it cannot (or is shutting down). One trivial query, no rate limit, logged only at `warn`
 * so a balancer polling every few seconds does not fill the log.
 */
export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.withTypeProvider<ZodTypeProvider>().get('/health', {
    logLevel: 'warn',
    schema: {
      tags: ['health'],
      summary: 'Whether this process can reach its database',
      response: { 200: healthResponseSchema, ...errorResponses(503) },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await withTimeLimit(sql`SELECT 1`.execute(db), HEALTH_TIMEOUT_MS);
      } catch (error) {
        request.log.warn({ err: error }, 'health check: the database does not answer');
        throw new AppError(503, 'service_unavailable', 'The database does not answer');
      }
      return ok({ database: 'ok' as const });
    },
  });
};
