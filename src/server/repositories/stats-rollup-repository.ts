import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { STATS_DIMENSIONS } from '../../shared/statistics.js';
import type { Database, VisitDayBreakdownTable, VisitDayTable } from '../db/schema.js';
import { columnMax } from './column-max.js';
import { addDays, DIMENSION_COLUMNS, dayOf } from './stats-dimensions.js';

/**
 * The statistics' housekeeping (docs/decisions/017-statistics-storage.md): finished days are rolled
 * up into daily aggregates, and raw visits older than the retention period are deleted once their
 * day is rolled up. Both are idempotent, so every machine of a cluster may run them at any time.
 */

/** A day counts as finished an hour after it ends, so a request in flight at midnight still lands in it. */
const FINISHED_AFTER_MS = 60 * 60 * 1000;

/** The last day whose aggregates exist: days up to it read from `visit_days`, later ones from raw visits. */
export async function lastRolledUpDay(db: Kysely<Database>): Promise<string | undefined> {
  return columnMax(db, 'visit_days', 'day');
}

/** A daily roll-up, of the visits or of the goals: where its days are, and how a run of them is summed up. */
interface DailyRollUp {
  /** The last day rolled up, if any. */
  lastDay: (db: Kysely<Database>) => Promise<string | undefined>;
  /** At most `limit` days with raw rows, in order, after `after` (when given) and before `before`. */
  daysAfter: (db: Kysely<Database>, after: string | undefined, before: string, limit: number) => Promise<string[]>;
  /** Writes the aggregates of the days from `first` through `through`. */
  rollUp: (transaction: Kysely<Database>, first: string, through: string) => Promise<void>;
}

/**
 * Rolls up every finished day after the last rolled-up one, `batchDays` days at a time, each batch in
 * one transaction; answers how many days. An aborted `signal` (the server is closing) stops it
 * between two batches; the next run goes on.
 */
export async function rollUpFinished(
  db: Kysely<Database>,
  { lastDay, daysAfter, rollUp }: DailyRollUp,
  { now, batchDays, signal }: { now: Date; batchDays: number; signal?: AbortSignal | undefined },
): Promise<number> {
  const finishedBefore = dayOf(new Date(now.getTime() - FINISHED_AFTER_MS));
  let rolled = 0;
  while (!signal?.aborted) {
    const days = await daysAfter(db, await lastDay(db), finishedBefore, batchDays);
    const first = days[0];
    const through = days.at(-1);
    if (first === undefined || through === undefined) return rolled;
    await db.transaction().execute((transaction) => rollUp(transaction, first, through));
    rolled += days.length;
    // A backlog (the first start after an upgrade) is worked through without holding up requests.
    await yieldToEventLoop();
  }
  return rolled;
}

/**
 * Rolls up every finished day of visits after the last rolled-up one, a month at a time; answers how
 * many days. An aborted `signal` stops it between two months.
 */
export function rollUpFinishedDays(
  db: Kysely<Database>,
  now = new Date(),
  batchDays = 31,
  signal?: AbortSignal,
): Promise<number> {
  return rollUpFinished(
    db,
    { lastDay: lastRolledUpDay, daysAfter: visitDaysAfter, rollUp: rollUpDays },
    { now, batchDays, signal },
  );
}

/** The days with visits to roll up, as `DailyRollUp.daysAfter`. */
async function visitDaysAfter(db: Kysely<Database>, after: string | undefined, before: string, limit: number) {
  const rows = await db
    .selectFrom('visits')
    .select('visited_on')
    .distinct()
    .$if(after !== undefined, (query) => query.where('visited_on', '>', after as string))
    .where('visited_on', '<', before)
    .orderBy('visited_on')
    .limit(limit)
    .execute();
  return rows.map((row) => row.visited_on);
}

async function rollUpDays(db: Kysely<Database>, from: string, to: string): Promise<void> {
  const inRange = db.selectFrom('visits').where('visited_on', '>=', from).where('visited_on', '<=', to);
  const totals = await inRange
    .select((eb) => [
      'visited_on as day',
      eb.fn.count<string | number>('visitor_id').distinct().as('visitors'),
      eb.fn.countAll<string | number>().as('visits'),
      eb.fn.sum<string | number>('first_visit').as('new_visitors'),
    ])
    .groupBy('visited_on')
    .execute();
  const breakdowns: VisitDayBreakdownTable[] = [];
  for (const dimension of STATS_DIMENSIONS) {
    const column = DIMENSION_COLUMNS[dimension];
    const rows = await inRange
      .select((eb) => ['visited_on as day', eb.ref(column).as('value'), eb.fn.countAll<string | number>().as('visits')])
      .groupBy(['visited_on', column])
      .execute();
    for (const row of rows) {
      breakdowns.push({ day: row.day, dimension, value: row.value ?? '', visits: Number(row.visits) });
    }
  }
  // The breakdowns first, the day rows last: a day row means its day is complete.
  for (let start = 0; start < breakdowns.length; start += 500) {
    await db
      .insertInto('visit_day_breakdowns')
      .values(breakdowns.slice(start, start + 500))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  const days: VisitDayTable[] = totals.map((row) => ({
    day: row.day,
    visitors: Number(row.visitors),
    visits: Number(row.visits),
    new_visitors: Number(row.new_visitors),
  }));
  if (days.length > 0) {
    await db
      .insertInto('visit_days')
      .values(days)
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

/** The first day whose raw visits are kept: the same day `months` months ago, in UTC. */
export function retentionStart(now: Date, months: number): string {
  return dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate())));
}

/**
 * Deletes raw visits before the retention start whose day is rolled up, and the visitors last seen
 * before then (the browser's token then names nobody, and it becomes a new visitor if it returns).
 */
export async function deleteExpiredVisits(
  db: Kysely<Database>,
  retentionMonths: number,
  now = new Date(),
): Promise<{ visits: number; visitors: number }> {
  const last = await lastRolledUpDay(db);
  if (last === undefined) return { visits: 0, visitors: 0 };
  const keepFrom = retentionStart(now, retentionMonths);
  // Never delete a day that has no aggregates yet.
  const deleteBefore = keepFrom <= last ? keepFrom : addDays(last, 1);
  const visits = await db.deleteFrom('visits').where('visited_on', '<', deleteBefore).executeTakeFirst();
  // ISO timestamps sort after their day, so this is "last seen before deleteBefore".
  const visitors = await db.deleteFrom('visitors').where('last_seen_at', '<', deleteBefore).executeTakeFirst();
  return { visits: Number(visits.numDeletedRows), visitors: Number(visitors.numDeletedRows) };
}

export interface MaintenanceResult {
  rolledUpDays: number;
  deletedVisits: number;
  deletedVisitors: number;
}

export async function maintainStatistics(
  db: Kysely<Database>,
  { retentionMonths, now = new Date(), signal }: { retentionMonths: number; now?: Date; signal?: AbortSignal },
): Promise<MaintenanceResult> {
  const rolledUpDays = await rollUpFinishedDays(db, now, undefined, signal);
  const deleted = await deleteExpiredVisits(db, retentionMonths, now);
  return { rolledUpDays, deletedVisits: deleted.visits, deletedVisitors: deleted.visitors };
}
