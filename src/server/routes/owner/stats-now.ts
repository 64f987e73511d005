import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statsNowResponseSchema } from '../../../shared/schemas/stats-now.js';
import { withTitles } from '../../collections/page-titles.js';
import type { Db } from '../../db/database.js';
import { visitorsNowByPage } from '../../repositories/stats-now-repository.js';
import { ok } from '../responses.js';

/** The dashboard's "Now" (decision 044), inside the owner scope: 401 without a session. */
export const statsNowRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/owner/stats/now', {
    schema: {
      summary: 'Visitors in the last five minutes and the pages they are on',
      description:
        'The page a visitor is on is the page of their latest visit in the window: the site records a visit at each page load. The dashboard asks again every 30 seconds while it is in view.',
      response: { 200: statsNowResponseSchema },
    },
    handler: async () => {
      const now = await visitorsNowByPage(db);
      return ok({ ...now, pages: withTitles(now.pages, app.contentState.current) });
    },
  });
};
