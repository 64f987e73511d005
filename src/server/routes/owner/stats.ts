import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  statsQuerySchema,
  statsResponseSchema,
  thisBrowserResponseSchema,
  thisBrowserSchema,
} from '../../../shared/schemas/stats.js';
import { withPageTitles } from '../../collections/page-titles.js';
import type { Db } from '../../db/database.js';
import { queryStats } from '../../repositories/stats-repository.js';
import { hasNotCountedCookie, setNotCountedCookie } from '../../stats/not-counted.js';
import { ok } from '../responses.js';

/**
 * The owner's statistics, mounted inside the owner scope, so every route here answers 401
 * without a session. Days are UTC days; docs/decisions/017-statistics-storage.md explains the storage.
 */
export const statsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/owner/stats', {
    schema: {
      summary: 'Visitors, visits, their series and breakdowns for a range of UTC days',
      description:
        'from and to are UTC days (YYYY-MM-DD), both included, at most five years apart. A single day still within the retention period is answered per hour.',
      querystring: statsQuerySchema,
      response: { 200: statsResponseSchema },
    },
    // Titles as served now: a page whose entry was deleted or renamed since has none.
    handler: async (request) => ok(withPageTitles(await queryStats(db, request.query), app.contentState.current)),
  });

  api.get('/owner/stats/this-browser', {
    schema: {
      summary: 'Whether visits from this browser are counted',
      response: { 200: thisBrowserResponseSchema },
    },
    handler: async (request) => ok({ counted: !hasNotCountedCookie(request) }),
  });

  api.put('/owner/stats/this-browser', {
    schema: {
      summary: "Switch counting this browser's visits off (a long-lived cookie) or on again",
      body: thisBrowserSchema,
      response: { 200: thisBrowserResponseSchema },
    },
    handler: async (request, reply) => {
      setNotCountedCookie(request, reply, request.body.counted);
      return ok({ counted: request.body.counted });
    },
  });
};
