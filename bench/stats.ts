// `npm run bench:stats` (also the end of `npm run bench`): the owner's statistics on a year of
// generated traffic, on SQLite and on PostgreSQL (BENCH_DATABASE_URL, default the local test server;
// skipped when it is not reachable). Reports how long the dashboard's queries take, the median and
// the slowest of several runs; the target is the 30-day dashboard under 200 ms with a million visits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Db, migrateToLatest } from '../src/server/db/database.js';
import { maintainGoals } from '../src/server/repositories/goal-repository.js';
import { addDays, dayOf } from '../src/server/repositories/stats-dimensions.js';
import { queryStats } from '../src/server/repositories/stats-repository.js';
import { rollUpFinishedDays } from '../src/server/repositories/stats-rollup-repository.js';
import { fill, postgresWriter, type RowWriter, sqliteWriter } from './stats-data.js';

const VISITS = Number(process.env.BENCH_STATS_VISITS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_STATS_RUNS ?? 7);
const TARGET_MS = 200;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function time<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

async function measure(db: Db, name: string, range: { from: string; to: string }, now: Date) {
  await queryStats(db, range, now); // warm the caches, as a dashboard in use has them
  const timings: number[] = [];
  for (let run = 0; run < RUNS; run++) timings.push((await time(() => queryStats(db, range, now)))[1]);
  timings.sort((a, b) => a - b);
  const median = timings[Math.floor(timings.length / 2)] ?? 0;
  const slowest = timings.at(-1) ?? 0;
  return { query: name, 'median ms': Math.round(median), 'slowest ms': Math.round(slowest) };
}

async function benchmark(dialect: string, db: Db, write: RowWriter, tuneUp: () => Promise<void>) {
  const now = new Date();
  const today = dayOf(now);
  const [visits, fillMs] = await time(() => fill(write, now, VISITS));
  await tuneUp();
  const rows: Record<string, unknown>[] = [];
  const last30 = { from: addDays(today, -29), to: today };
  rows.push({ ...(await measure(db, '30 days, raw visits only (before any rollup)', last30, now)) });
  const [rolledDays, rollupMs] = await time(async () => {
    const days = await rollUpFinishedDays(db, now);
    // The goals' days too (decision 041); nothing is old enough to delete in a year.
    await maintainGoals(db, { retentionMonths: 13, now });
    return days;
  });
  await tuneUp();
  rows.push({ ...(await measure(db, '30 days (the dashboard default)', last30, now)), target: `< ${TARGET_MS} ms` });
  rows.push(await measure(db, 'today, per hour', { from: today, to: today }, now));
  rows.push(await measure(db, '7 days', { from: addDays(today, -6), to: today }, now));
  rows.push(await measure(db, '12 months', { from: addDays(today, -364), to: today }, now));
  const dashboard = rows[1]?.['median ms'] as number;
  console.info(
    `\n${dialect}: ${visits.toLocaleString('en')} visits over a year generated in ${(fillMs / 1000).toFixed(0)} s; ` +
      `${rolledDays} finished days rolled up in ${(rollupMs / 1000).toFixed(1)} s (once, at the first start after an upgrade).`,
  );
  console.table(rows);
  console.info(
    dashboard < TARGET_MS
      ? `${dialect}: the 30-day dashboard answers in ${dashboard} ms (target under ${TARGET_MS} ms).`
      : `${dialect}: the 30-day dashboard takes ${dashboard} ms, over the ${TARGET_MS} ms target.`,
  );
}

console.info(
  `\nStatistics benchmark: ${VISITS.toLocaleString('en')} visits, ${RUNS} runs per query, Node ${process.version}`,
);

const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-bench-stats-'));
const file = path.join(dir, 'bench.sqlite');
const sqlite = createDatabase({ dialect: 'sqlite', file });
await migrateToLatest(sqlite);
const sqliteRows = sqliteWriter(file);
try {
  // The site never runs ANALYZE; measure what it gets.
  await benchmark('SQLite', sqlite, sqliteRows.write, async () => undefined);
} finally {
  sqliteRows.close();
  await sqlite.destroy();
  rmSync(dir, { recursive: true, force: true });
}

const admin = new pg.Client({ connectionString: POSTGRES_URL });
const reachable = await admin.connect().then(
  () => true,
  () => false,
);
if (!reachable) {
  console.info(`\nPostgreSQL: skipped (${POSTGRES_URL} is not reachable; set BENCH_DATABASE_URL).`);
} else {
  const schema = `bench_stats_${process.pid}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const postgres = createDatabase({ dialect: 'postgres', url: url.toString() });
  try {
    await migrateToLatest(postgres, { postgresSchema: schema });
    // Autovacuum would do this a minute after a bulk load; the benchmark does not wait for it.
    await admin.query(`SET search_path = ${schema}`);
    await benchmark('PostgreSQL', postgres, postgresWriter(admin), async () => {
      await sql`VACUUM ANALYZE visitors`.execute(postgres);
      await sql`VACUUM ANALYZE visits`.execute(postgres);
      await sql`VACUUM ANALYZE visit_days`.execute(postgres);
      await sql`VACUUM ANALYZE visit_day_breakdowns`.execute(postgres);
      await sql`VACUUM ANALYZE goal_completions`.execute(postgres);
      await sql`VACUUM ANALYZE goal_days`.execute(postgres);
    });
  } finally {
    await postgres.destroy();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
