import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statsQuerySchema } from '../../../shared/schemas/stats.js';
import type { Db } from '../../db/database.js';
import { queryStats } from '../../repositories/stats-repository.js';
import { statsCsv, statsCsvFileName } from '../../stats/stats-csv.js';

/** The dashboard's figures for a range as CSV (decision 044), inside the owner scope: 401 without a session. */
export const statsExportRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/owner/stats/export', {
    schema: {
      summary: 'The figures of GET /owner/stats for a range of UTC days as CSV (UTF-8 with a byte-order mark)',
      description:
        'One figure a row in four columns, section,key,metric,value: the period, totals, the previous period, the series, every breakdown (pages, languages, themes, devices, referrers, sources, mediums, campaigns and any added later), CV downloads. An empty key in a breakdown means not given. Every cell is safe to open in a spreadsheet: a formula starter is kept as text. The same from and to as GET /owner/stats, refused with the same codes.',
      querystring: statsQuerySchema,
      produces: ['text/csv'],
      response: { 200: z.string().describe('The CSV file, named by Content-Disposition') },
    },
    handler: async (request, reply) => {
      const stats = await queryStats(db, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statsCsvFileName(stats)}"`)
        .header('cache-control', 'no-store')
        .send(statsCsv(stats));
    },
  });
};
