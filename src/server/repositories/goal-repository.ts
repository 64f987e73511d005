import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { GOAL_DIMENSIONS, GOALS, type Goal, type GoalDimension } from '../../shared/goals.js';
import { GOAL_BREAKDOWN_LIMIT, type GoalCount, type GoalStats } from '../../shared/schemas/goals.js';
import type { Database, GoalDayTable } from '../db/schema.js';
import { columnMax } from './column-max.js';
import { addDays } from './stats-dimensions.js';
import { retentionStart, rollUpFinished } from './stats-rollup-repository.js';

/**
 * Goals (docs/decisions/041-goals.md): a CV downloaded, a message sent, an outbound link clicked.
 * Each completion is a raw row (`goal_completions`), kept as long as the raw visits; finished days
 * are rolled up into `goal_days` (per goal: the total, and by language, page and target), which is
 * kept for good. A range is read as the visits are: rolled-up days from `goal_days`, later days from
 * the raw rows. Every query is portable; PostgreSQL's counts become numbers.
 */

/** The column of a completion each dimension groups by. */
const GOAL_COLUMNS = { languages: 'locale', pages: 'page', targets: 'target' } as const satisfies Record<
  GoalDimension,
  keyof Database['goal_completions']
>;

export interface GoalFacts {
  goal: Goal;
  visitorId?: string | null;
  visitId?: string | null;
  locale?: string | null;
  /** The page as the statistics count it (`countedPath`), or null. */
  page?: string | null;
  target?: string | null;
}

/** Records one completion; answers false when it was already counted (the same outbound link in the same visit). */
export async function recordGoal(db: Kysely<Database>, facts: GoalFacts, now = new Date()): Promise<boolean> {
  const timestamp = now.toISOString();
  const result = await db
    .insertInto('goal_completions')
    .values({
      id: randomUUID(),
      goal: facts.goal,
      day: timestamp.slice(0, 10),
      completed_at: timestamp,
      visitor_id: facts.visitorId ?? null,
      visit_id: facts.visitId ?? null,
      locale: facts.locale ?? null,
      page: facts.page ?? null,
      target: facts.target ?? null,
    })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A visitor's latest visit: the visit a goal belongs to, and its page. */
export async function latestVisitOf(
  db: Kysely<Database>,
  visitorId: string,
): Promise<{ id: string; path: string | null; locale: string | null } | undefined> {
  return db
    .selectFrom('visits')
    .select(['id', 'path', 'locale'])
    .where('visitor_id', '=', visitorId)
    .orderBy('visited_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The last day whose goals are rolled up. */
async function lastGoalDay(db: Kysely<Database>): Promise<string | undefined> {
  return columnMax(db, 'goal_days', 'day');
}

/** A goal's visitors: a completion without a visitor (a CV download) is a visitor of its own. */
const visitorOf = sql<string>`coalesce(${sql.ref('visitor_id')}, ${sql.ref('id')})`;

/** The days with goal completions to roll up, as `DailyRollUp.daysAfter`. */
async function goalDaysAfter(db: Kysely<Database>, after: string | undefined, before: string, limit: number) {
  const rows = await db
    .selectFrom('goal_completions')
    .select('day')
    .distinct()
    .$if(after !== undefined, (query) => query.where('day', '>', after as string))
    .where('day', '<', before)
    .orderBy('day')
    .limit(limit)
    .execute();
  return rows.map((row) => row.day);
}

/** Sums up the goals of the days from `first` through `through` into `goal_days`. */
async function rollUpGoalDays(transaction: Kysely<Database>, first: string, through: string): Promise<void> {
  const inRange = transaction.selectFrom('goal_completions').where('day', '>=', first).where('day', '<=', through);
  const rows: GoalDayTable[] = [];
  const totals = await inRange
    .select((eb) => [
      'day',
      'goal',
      eb.fn.countAll<string | number>().as('completions'),
      eb.fn.count<string | number>(visitorOf).distinct().as('visitors'),
    ])
    .groupBy(['day', 'goal'])
    .execute();
  for (const row of totals) {
    rows.push({
      ...row,
      dimension: 'total',
      value: '',
      completions: Number(row.completions),
      visitors: Number(row.visitors),
    });
  }
  for (const dimension of GOAL_DIMENSIONS) {
    const column = GOAL_COLUMNS[dimension];
    const counts = await inRange
      .select((eb) => [
        'day',
        'goal',
        eb.ref(column).as('value'),
        eb.fn.countAll<string | number>().as('completions'),
        eb.fn.count<string | number>(visitorOf).distinct().as('visitors'),
      ])
      .groupBy(['day', 'goal', column])
      .execute();
    for (const row of counts) {
      rows.push({
        day: row.day,
        goal: row.goal,
        dimension,
        value: row.value ?? '',
        completions: Number(row.completions),
        visitors: Number(row.visitors),
      });
    }
  }
  // The totals are among the rows, so the last rolled-up day moves with them, in one transaction.
  for (let start = 0; start < rows.length; start += 500) {
    await transaction
      .insertInto('goal_days')
      .values(rows.slice(start, start + 500))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

/** Deletes raw completions before the retention start whose day is rolled up (as the raw visits). */
async function deleteExpiredGoals(db: Kysely<Database>, retentionMonths: number, now = new Date()): Promise<number> {
  const last = await lastGoalDay(db);
  if (last === undefined) return 0;
  const keepFrom = retentionStart(now, retentionMonths);
  const deleteBefore = keepFrom <= last ? keepFrom : addDays(last, 1);
  const result = await db.deleteFrom('goal_completions').where('day', '<', deleteBefore).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The goals' share of the hourly housekeeping: roll finished days up, delete expired raw rows. */
export async function maintainGoals(
  db: Kysely<Database>,
  { retentionMonths, now = new Date(), signal }: { retentionMonths: number; now?: Date; signal?: AbortSignal },
): Promise<{ rolledUpGoalDays: number; deletedGoals: number }> {
  const rolledUpGoalDays = await rollUpFinished(
    db,
    { lastDay: lastGoalDay, daysAfter: goalDaysAfter, rollUp: rollUpGoalDays },
    { now, batchDays: 31, signal },
  );
  const deletedGoals = await deleteExpiredGoals(db, retentionMonths, now);
  return { rolledUpGoalDays, deletedGoals };
}

const toNumber = (value: string | number | bigint | null | undefined): number => (value == null ? 0 : Number(value));

/**
 * The goals of a range of UTC days (both included): each goal's completions and visitors, and its
 * largest languages, pages and targets. Five small queries, each a union of the rolled-up days and
 * the raw rows after them.
 */
export async function goalsBetween(db: Kysely<Database>, from: string, to: string): Promise<GoalStats[]> {
  const last = await lastGoalDay(db);
  const rolled = last === undefined || from > last ? undefined : { from, to: to < last ? to : last };
  const rawFrom = last === undefined || from > last ? from : addDays(last, 1);
  const raw = rawFrom <= to ? { from: rawFrom, to } : undefined;

  const totalsQuery = async () => {
    const parts = [
      rolled &&
        db
          .selectFrom('goal_days')
          .select((eb) => [
            'goal',
            eb.fn.sum<string | number>('completions').as('completions'),
            eb.fn.sum<string | number>('visitors').as('visitors'),
          ])
          .where('dimension', '=', 'total')
          .where((eb) => eb.between('day', rolled.from, rolled.to))
          .groupBy('goal'),
      raw &&
        db
          .selectFrom('goal_completions')
          .select((eb) => [
            'goal',
            eb.fn.countAll<string | number>().as('completions'),
            // Exact over the raw rows: one visitor who clicked on three days is one.
            eb.fn.count<string | number>(visitorOf).distinct().as('visitors'),
          ])
          .where((eb) => eb.between('day', raw.from, raw.to))
          .groupBy('goal'),
    ].filter((part) => part !== undefined);
    const rows = (await Promise.all(parts.map((part) => part.execute()))).flat();
    const byGoal = new Map<string, { completions: number; visitors: number }>();
    for (const row of rows) {
      const sum = byGoal.get(row.goal) ?? { completions: 0, visitors: 0 };
      sum.completions += toNumber(row.completions);
      sum.visitors += toNumber(row.visitors);
      byGoal.set(row.goal, sum);
    }
    return byGoal;
  };

  const breakdownQuery = async (dimension: GoalDimension) => {
    const column = GOAL_COLUMNS[dimension];
    const parts = [
      rolled &&
        db
          .selectFrom('goal_days')
          .select((eb) => ['goal', 'value', eb.fn.sum<string | number>('completions').as('completions')])
          .where('dimension', '=', dimension)
          .where((eb) => eb.between('day', rolled.from, rolled.to))
          .groupBy(['goal', 'value']),
      raw &&
        db
          .selectFrom('goal_completions')
          .select((eb) => [
            'goal',
            eb.fn.coalesce(eb.ref(column), sql.lit('')).as('value'),
            eb.fn.countAll<string | number>().as('completions'),
          ])
          .where((eb) => eb.between('day', raw.from, raw.to))
          .groupBy(['goal', column]),
    ].filter((part) => part !== undefined);
    const [first, ...others] = parts;
    if (first === undefined) return [];
    const union = others.reduce((all, part) => all.unionAll(part), first);
    return db
      .selectFrom(union.as('counts'))
      .select((eb) => [
        'counts.goal',
        'counts.value',
        eb.fn.sum<string | number>('counts.completions').as('completions'),
      ])
      .groupBy(['counts.goal', 'counts.value'])
      .orderBy((eb) => eb.fn.sum('counts.completions'), 'desc')
      .orderBy('counts.value')
      .execute();
  };

  const [totals, ...breakdowns] = await Promise.all([totalsQuery(), ...GOAL_DIMENSIONS.map(breakdownQuery)]);
  return GOALS.map((goal) => {
    const byDimension = Object.fromEntries(
      GOAL_DIMENSIONS.map((dimension, index) => [
        dimension,
        (breakdowns[index] ?? [])
          .filter((row) => row.goal === goal)
          .slice(0, GOAL_BREAKDOWN_LIMIT)
          .map(
            (row): GoalCount => ({
              value: row.value === '' ? null : row.value,
              completions: toNumber(row.completions),
            }),
          ),
      ]),
    ) as Record<GoalDimension, GoalCount[]>;
    return { goal, ...(totals.get(goal) ?? { completions: 0, visitors: 0 }), ...byDimension };
  });
}
