import type { Db } from '../db/database.js';
import { maintainGoals } from '../repositories/goal-repository.js';
import { maintainStatistics } from '../repositories/stats-rollup-repository.js';
import type { Job } from './scheduler.js';

/** Months raw visits are kept (STATS_RETENTION_MONTHS) unless configured; daily aggregates are kept for good. */
const DEFAULT_RETENTION_MONTHS = 13;

/**
 * Rolls finished days up and deletes expired visits (docs/decisions/017-statistics-storage.md).
 * It runs in the background, so a start-up with a year of backlog is not held up by it, and it
 * stops between two batches when the server closes.
 */
export function statisticsHousekeepingJob(
  db: Db,
  {
    retentionMonths = DEFAULT_RETENTION_MONTHS,
    intervalMs = 60 * 60_000,
  }: { retentionMonths?: number; intervalMs?: number } = {},
): Job {
  return {
    name: 'statistics-housekeeping',
    intervalMs,
    async run({ log, signal }) {
      const result = await maintainStatistics(db, { retentionMonths, signal });
      if (result.rolledUpDays || result.deletedVisits || result.deletedVisitors)
        log.info(result, 'statistics maintained');
      // Goals (decision 041): their finished days rolled up, their raw rows kept as long as the visits.
      const goals = await maintainGoals(db, { retentionMonths, signal });
      if (goals.rolledUpGoalDays || goals.deletedGoals) log.info(goals, 'goals maintained');
    },
  };
}
