import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Db } from '../db/database.js';
import { maintainStatistics } from '../repositories/stats-rollup-repository.js';
import { runPeriodically } from './periodic-task.js';

export interface StatsMaintenanceOptions {
  db: Db;
  /** Months raw visits are kept (STATS_RETENTION_MONTHS); daily aggregates are kept for good. */
  retentionMonths?: number;
  intervalMs?: number;
}

export const DEFAULT_RETENTION_MONTHS = 13;

/**
 * Runs the statistics' housekeeping once the server is ready and then every hour, in the
 * background: a start-up with a year of backlog is not held up by it. Closing waits for a run in
 * progress, so the database is not closed under it.
 */
const plugin: FastifyPluginAsync<StatsMaintenanceOptions> = async (
  app,
  { db, retentionMonths = DEFAULT_RETENTION_MONTHS, intervalMs = 60 * 60 * 1000 },
) => {
  runPeriodically(app, intervalMs, () =>
    maintainStatistics(db, { retentionMonths }).then(
      (result) => {
        if (result.rolledUpDays || result.deletedVisits || result.deletedVisitors) {
          app.log.info(result, 'statistics maintained');
        }
      },
      (error: unknown) => app.log.error({ err: error }, 'statistics maintenance failed; it runs again within the hour'),
    ),
  );
};

export const statsMaintenance = fastifyPlugin(plugin, { name: 'stats-maintenance' });
