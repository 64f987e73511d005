import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Db } from '../db/database.js';
import { queueWeeklySummary, type WeeklySummaryOptions } from '../outbox/weekly-summary-email.js';
import { runPeriodically } from './periodic-task.js';

export interface WeeklySummarySchedulerOptions extends WeeklySummaryOptions {
  db: Db;
  /** Wakes the outbox worker after the summary was queued. */
  onQueued: () => void;
  intervalMs?: number;
}

/**
 * Looks once the server is ready and then every hour whether the weekly summary is due, in the
 * background. Every process of a cluster may do so: the week's row makes sure one e-mail goes out.
 */
const plugin: FastifyPluginAsync<WeeklySummarySchedulerOptions> = async (
  app,
  { db, onQueued, intervalMs = 60 * 60 * 1000, ...options },
) => {
  runPeriodically(app, intervalMs, () =>
    queueWeeklySummary(db, options).then(
      (outcome) => {
        if (outcome !== 'queued') return;
        app.log.info('weekly summary queued');
        onQueued();
      },
      (error: unknown) => app.log.error({ err: error }, 'weekly summary failed; it is tried again within the hour'),
    ),
  );
};

export const weeklySummaryScheduler = fastifyPlugin(plugin, { name: 'weekly-summary' });
