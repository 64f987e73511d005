import { type Kysely, sql } from 'kysely';
import {
  BREAKDOWN_LIMIT,
  type BreakdownItem,
  type PeriodTotals,
  type SeriesPoint,
  type Stats,
} from '../../shared/schemas/stats.js';
import { STATS_DIMENSIONS, type StatsDimension } from '../../shared/statistics.js';
import type { Database } from '../db/schema.js';
import { referrerGroupSql } from '../stats/referrer-groups.js';
import { cvDownloadsBetween } from './cv-download-repository.js';
import { goalsBetween } from './goal-repository.js';
import { addDays, DIMENSION_COLUMNS, dayOf, daysBetween } from './stats-dimensions.js';
import { lastRolledUpDay } from './stats-rollup-repository.js';

/**
 * The owner's statistics for a range of UTC days (docs/decisions/017-statistics-storage.md).
 *
 * Finished days are read from their daily aggregates (`visit_days`, `visit_day_breakdowns`), the
 * days after the last rolled-up one from the raw visits. Unique visitors over several days cannot
 * be added up from daily figures, so they are counted from the raw visits wherever those are kept
 * (see `uniqueVisitors`); before that, only the sum of each day's unique visitors remains.
 *
 * Every query is portable; PostgreSQL answers counts and sums as strings, so all become numbers.
 */

/** Where the aggregates end and where the raw visits begin. */
interface StorageBounds {
  /** Days up to and including this one have aggregates. */
  lastRolledUp: string | undefined;
  /** The first day whose raw visits are kept. */
  firstRaw: string | undefined;
}

interface DayRange {
  from: string;
  to: string;
}

const NOW_WINDOW_MS = 5 * 60 * 1000;

const toNumber = (value: string | number | bigint | null | undefined): number => (value == null ? 0 : Number(value));
const maxDay = (a: string, b: string) => (a > b ? a : b);
const minDay = (a: string, b: string) => (a < b ? a : b);

/** A range, or undefined when it is empty. */
function clip(from: string, to: string): DayRange | undefined {
  return from <= to ? { from, to } : undefined;
}

async function storageBounds(db: Kysely<Database>): Promise<StorageBounds> {
  const [lastRolledUp, firstRaw] = await Promise.all([
    lastRolledUpDay(db),
    db
      .selectFrom('visits')
      .select((eb) => eb.fn.min('visited_on').as('day'))
      .executeTakeFirst()
      .then((row) => row?.day ?? undefined),
  ]);
  return { lastRolledUp, firstRaw };
}

/** The part of a range read from aggregates, and the part read from raw visits. */
function split(range: DayRange, bounds: StorageBounds): { rolled?: DayRange; raw?: DayRange } {
  const { lastRolledUp } = bounds;
  if (lastRolledUp === undefined) return { raw: range };
  return {
    rolled: clip(range.from, minDay(range.to, lastRolledUp)),
    raw: clip(maxDay(range.from, addDays(lastRolledUp, 1)), range.to),
  };
}

/**
 * Unique visitors with a visit in a range, without a distinct count over visitor ids (which sorts
 * every visit of the range): a visitor is counted at its first visit in the range, the one whose
 * previous visit is older than the range. A range that reaches today is simpler still: a visitor
 * has a visit from `from` until now exactly when its last visit is that recent.
 */
function uniqueVisitors(db: Kysely<Database>, range: DayRange, today: string) {
  if (range.to >= today) {
    return db
      .selectFrom('visitors')
      .where('last_seen_at', '>=', range.from)
      .select((eb) => eb.fn.countAll<string | number>().as('visitors'))
      .executeTakeFirst();
  }
  return db
    .selectFrom('visits')
    .where((eb) => eb.between('visited_on', range.from, range.to))
    .where((eb) => eb.or([eb('previous_visit_on', 'is', null), eb('previous_visit_on', '<', range.from)]))
    .select((eb) => eb.fn.countAll<string | number>().as('visitors'))
    .executeTakeFirst();
}

async function periodTotals(
  db: Kysely<Database>,
  range: DayRange,
  bounds: StorageBounds,
  today: string,
): Promise<PeriodTotals> {
  const { rolled, raw } = split(range, bounds);
  // Unique visitors: exact from the raw visits where they are kept, the daily sums before that.
  const exact = bounds.firstRaw === undefined ? undefined : clip(maxDay(range.from, bounds.firstRaw), range.to);
  const summedBefore = bounds.firstRaw ?? addDays(range.to, 1);

  const [aggregated, fresh, unique] = await Promise.all([
    rolled
      ? db
          .selectFrom('visit_days')
          .where((eb) => eb.between('day', rolled.from, rolled.to))
          .select((eb) => [
            eb.fn.sum<string | number>('visits').as('visits'),
            eb.fn.sum<string | number>('new_visitors').as('new_visitors'),
            eb.fn
              .sum<string | number>(eb.case().when('day', '<', summedBefore).then(eb.ref('visitors')).else(0).end())
              .as('summed_visitors'),
          ])
          .executeTakeFirst()
      : undefined,
    raw
      ? db
          .selectFrom('visits')
          .where((eb) => eb.between('visited_on', raw.from, raw.to))
          .select((eb) => [
            eb.fn.countAll<string | number>().as('visits'),
            eb.fn.sum<string | number>('first_visit').as('new_visitors'),
          ])
          .executeTakeFirst()
      : undefined,
    exact ? uniqueVisitors(db, exact, today) : undefined,
  ]);
  const visitors = toNumber(unique?.visitors) + toNumber(aggregated?.summed_visitors);
  const newVisitors = toNumber(aggregated?.new_visitors) + toNumber(fresh?.new_visitors);
  return {
    visitors,
    visits: toNumber(aggregated?.visits) + toNumber(fresh?.visits),
    newVisitors,
    // A new visitor's first visit is in the period, so every new visitor is among its visitors.
    returningVisitors: Math.max(0, visitors - newVisitors),
  };
}

async function dailySeries(db: Kysely<Database>, range: DayRange, bounds: StorageBounds): Promise<SeriesPoint[]> {
  const { rolled, raw } = split(range, bounds);
  const [aggregated, fresh] = await Promise.all([
    rolled
      ? db
          .selectFrom('visit_days')
          .select(['day', 'visitors', 'visits'])
          .where((eb) => eb.between('day', rolled.from, rolled.to))
          .execute()
      : [],
    raw
      ? db
          .selectFrom('visits')
          .select((eb) => [
            'visited_on as day',
            // A visitor's first visit of the day is the one whose previous visit is older.
            eb.fn
              .sum<string | number>(
                eb
                  .case()
                  .when(
                    eb.or([eb('previous_visit_on', 'is', null), eb('previous_visit_on', '<', eb.ref('visited_on'))]),
                  )
                  .then(1)
                  .else(0)
                  .end(),
              )
              .as('visitors'),
            eb.fn.countAll<string | number>().as('visits'),
          ])
          .where((eb) => eb.between('visited_on', raw.from, raw.to))
          .groupBy('visited_on')
          .execute()
      : [],
  ]);
  const byDay = new Map<string, { visitors: number; visits: number }>();
  for (const row of [...aggregated, ...fresh]) {
    byDay.set(row.day, { visitors: toNumber(row.visitors), visits: toNumber(row.visits) });
  }
  // Every day of the range, the quiet ones as zeros, so the chart's axis is honest.
  return Array.from({ length: daysBetween(range.from, range.to) }, (_, index) => {
    const day = addDays(range.from, index);
    return { day, ...(byDay.get(day) ?? { visitors: 0, visits: 0 }) };
  });
}

async function hourlySeries(db: Kysely<Database>, day: string): Promise<SeriesPoint[]> {
  // Characters 12–13 of an ISO timestamp are its UTC hour; substr is the same in both databases.
  const hour = sql<string>`substr(${sql.ref('visited_at')}, 12, 2)`;
  const rows = await db
    .selectFrom('visits')
    .select((eb) => [
      hour.as('hour'),
      eb.fn.count<string | number>('visitor_id').distinct().as('visitors'),
      eb.fn.countAll<string | number>().as('visits'),
    ])
    .where('visited_on', '=', day)
    .groupBy(hour)
    .execute();
  const byHour = new Map(rows.map((row) => [Number(row.hour), row]));
  return Array.from({ length: 24 }, (_, hourOfDay) => {
    const row = byHour.get(hourOfDay);
    return { day, hour: hourOfDay, visitors: toNumber(row?.visitors), visits: toNumber(row?.visits) };
  });
}

/**
 * One breakdown's largest rows: the aggregates' and the raw visits' counts added up per value,
 * sorted and cut to `BREAKDOWN_LIMIT` by the database, so a period with many distinct values (every
 * referring host of a year) never reaches Node whole.
 */
async function breakdown(
  db: Kysely<Database>,
  dimension: StatsDimension,
  range: DayRange,
  bounds: StorageBounds,
): Promise<BreakdownItem[]> {
  const { rolled, raw } = split(range, bounds);
  const column = DIMENSION_COLUMNS[dimension];
  const parts = [
    rolled &&
      db
        .selectFrom('visit_day_breakdowns')
        .select((eb) => ['value', eb.fn.sum<string | number>('visits').as('visits')])
        .where('dimension', '=', dimension)
        .where((eb) => eb.between('day', rolled.from, rolled.to))
        .groupBy('value'),
    raw &&
      db
        .selectFrom('visits')
        // The aggregates keep "not given" as '', so the raw visits say it the same way here.
        .select((eb) => [
          eb.fn.coalesce(eb.ref(column), sql.lit('')).as('value'),
          eb.fn.countAll<string | number>().as('visits'),
        ])
        .where((eb) => eb.between('visited_on', raw.from, raw.to))
        .groupBy(column),
  ].filter((part) => part !== undefined);
  const [first, ...others] = parts;
  if (first === undefined) return [];
  const union = others.reduce((all, part) => all.unionAll(part), first);
  // Referring hosts are summed by their group's name (`stats/referrer-groups.ts`): t.co and x.com are X.
  const counts =
    dimension === 'referrers'
      ? db
          .selectFrom(union.as('hosts'))
          .select((eb) => [referrerGroupSql(eb.ref('hosts.value')).as('value'), 'hosts.visits'])
      : union;
  const rows = await db
    .selectFrom(counts.as('counts'))
    .select((eb) => ['counts.value', eb.fn.sum<string | number>('counts.visits').as('visits')])
    .groupBy('counts.value')
    .orderBy((eb) => eb.fn.sum('counts.visits'), 'desc')
    .orderBy('counts.value')
    .limit(BREAKDOWN_LIMIT)
    .execute();
  return rows.map((row) => ({ value: row.value === '' ? null : row.value, visits: toNumber(row.visits) }));
}

/**
 * Visitors with a visit in the last five minutes: every visit moves its visitor's `last_seen_at`,
 * so this is one range of an index (counting distinct visitors of recent visits instead made
 * SQLite's planner scan the whole visits table).
 */
async function visitorsNow(db: Kysely<Database>, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - NOW_WINDOW_MS).toISOString();
  const row = await db
    .selectFrom('visitors')
    .select((eb) => eb.fn.countAll<string | number>().as('visitors'))
    .where('last_seen_at', '>=', since)
    .executeTakeFirst();
  return toNumber(row?.visitors);
}

/** The range's previous period: the same number of days just before it. */
export function previousRange({ from, to }: DayRange): DayRange {
  const days = daysBetween(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** Everything the dashboard and `npm run stats` show for a range of days (both included), CV downloads too. */
export async function queryStats(db: Kysely<Database>, range: DayRange, now = new Date()): Promise<Stats> {
  const bounds = await storageBounds(db);
  const today = dayOf(now);
  const previous = previousRange(range);
  const hourly = range.from === range.to && (bounds.firstRaw === undefined || range.from >= bounds.firstRaw);
  // Independent queries: PostgreSQL runs them on several pooled connections at once.
  const [totals, previousTotals, series, current, cvDownloads, goals, ...breakdowns] = await Promise.all([
    periodTotals(db, range, bounds, today),
    periodTotals(db, previous, bounds, today),
    hourly ? hourlySeries(db, range.from) : dailySeries(db, range, bounds),
    visitorsNow(db, now),
    cvDownloadsBetween(db, range.from, range.to),
    goalsBetween(db, range.from, range.to),
    ...STATS_DIMENSIONS.map((dimension) => breakdown(db, dimension, range, bounds)),
  ]);
  const byDimension = Object.fromEntries(
    STATS_DIMENSIONS.map((dimension, index) => [dimension, breakdowns[index] ?? []]),
  ) as Record<StatsDimension, BreakdownItem[]>;
  return {
    from: range.from,
    to: range.to,
    interval: hourly ? 'hour' : 'day',
    totals,
    previous: { ...previous, ...previousTotals },
    series,
    ...byDimension,
    now: current,
    detailedSince: bounds.firstRaw ?? null,
    cvDownloads,
    goals,
  };
}
