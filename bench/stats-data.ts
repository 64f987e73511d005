// Generated traffic for the statistics benchmark: a year of visits ending at a given moment.
import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import type { Insertable } from 'kysely';
import type pg from 'pg';
import type { GoalCompletionTable, VisitorTable, VisitTable } from '../src/server/db/schema.js';

const PAGES = ['/', '/', '/', '/about', '/about', '/portfolio', '/portfolio', '/contact', '/missing', '/old-page'];
const LOCALES = ['lotin', 'lotin', 'russian', 'english'] as const;
const REFERRERS = [
  'www.google.com',
  't.me',
  'www.linkedin.com',
  'github.com',
  'www.behance.net',
  'dribbble.com',
  'yandex.ru',
  'www.instagram.com',
  'x.com',
  'news.ycombinator.com',
];

const OUTBOUND_LINKS = [
  'https://github.com/example',
  'https://t.me/example',
  'https://www.linkedin.com/in/example',
  'https://dribbble.com/example',
  'https://example.com/shop',
];

/** A small seeded generator, so every run measures the same traffic. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A year of traffic ending now: visitors arrive evenly over the year, about a third of them come
 * back a few times within the following weeks, mostly without a referrer, mostly on the home page.
 */
export function* generateTraffic(now: Date, totalVisits: number) {
  const next = random(42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const end = now.getTime();
  const start = end - 365 * 86_400_000;
  let visits = 0;
  while (visits < totalVisits) {
    const id = randomUUID();
    const device = next() < 0.55 ? 'mobile' : 'web';
    const created = start + next() * (end - start);
    const returns = next() < 0.35 ? 1 + Math.floor(-Math.log(1 - next()) * 4) : 0;
    const times = [created];
    for (let index = 0; index < returns; index++) times.push(created + -Math.log(1 - next()) * 10 * 86_400_000);
    const inYear = times.filter((time) => time <= end).sort((a, b) => a - b);
    const visitor: VisitorTable = {
      id,
      token_hash: randomUUID(),
      device,
      created_at: new Date(created).toISOString(),
      last_seen_at: new Date(inYear.at(-1) ?? created).toISOString(),
    };
    const rows: Insertable<VisitTable>[] = inYear.map((time, index) => {
      const at = new Date(time).toISOString();
      return {
        id: randomUUID(),
        visitor_id: id,
        device,
        visited_on: at.slice(0, 10),
        visited_at: at,
        path: pick(PAGES),
        locale: pick(LOCALES),
        theme: next() < 0.5 ? 'dark' : 'light',
        referrer_host: next() < 0.6 ? null : pick(REFERRERS),
        first_visit: index === 0 ? 1 : 0,
        previous_visit_on: index === 0 ? null : new Date(inYear[index - 1] ?? created).toISOString().slice(0, 10),
      };
    });
    // Goals (decision 041): an outbound click in 4% of visits, a CV download in 2% (no visitor), a message in 0.3%.
    const goals: GoalCompletionTable[] = [];
    for (const visit of rows) {
      const goal = (name: string, facts: Partial<GoalCompletionTable>): GoalCompletionTable => ({
        id: randomUUID(),
        goal: name,
        day: visit.visited_on,
        completed_at: visit.visited_at,
        visitor_id: null,
        visit_id: null,
        locale: visit.locale ?? null,
        page: visit.path ?? null,
        target: null,
        ...facts,
      });
      if (next() < 0.04)
        goals.push(goal('outbound', { visitor_id: id, visit_id: visit.id, target: pick(OUTBOUND_LINKS) }));
      if (next() < 0.02) goals.push(goal('cv', { target: next() < 0.8 ? 'pdf' : 'json' }));
      if (next() < 0.003) goals.push(goal('message', { visitor_id: id, visit_id: visit.id }));
    }
    visits += rows.length;
    yield { visitor, visits: rows, goals };
  }
}

const VISITOR_COLUMNS = ['id', 'token_hash', 'device', 'created_at', 'last_seen_at'] as const;
const VISIT_COLUMNS = [
  'id',
  'visitor_id',
  'device',
  'visited_on',
  'visited_at',
  'path',
  'locale',
  'theme',
  'referrer_host',
  'first_visit',
  'previous_visit_on',
] as const;
const GOAL_COLUMNS = [
  'id',
  'goal',
  'day',
  'completed_at',
  'visitor_id',
  'visit_id',
  'locale',
  'page',
  'target',
] as const satisfies readonly (keyof GoalCompletionTable)[];

/** Where the generated rows go: one batch of visitors with their visits at a time. */
export type RowWriter = (
  visitors: Insertable<VisitorTable>[],
  visits: Insertable<VisitTable>[],
  goals: GoalCompletionTable[],
) => Promise<void> | void;

/**
 * SQLite: prepared statements on the site's file in one transaction per batch, much faster than
 * building SQL text for a million rows (the data is what matters here, not how it was written).
 */
export function sqliteWriter(file: string): { write: RowWriter; close: () => void } {
  const sqlite = new SQLite(file);
  const placeholders = (count: number) => Array(count).fill('?').join(', ');
  const insertVisitor = sqlite.prepare(
    `insert into visitors (${VISITOR_COLUMNS.join(', ')}) values (${placeholders(VISITOR_COLUMNS.length)})`,
  );
  const insertVisit = sqlite.prepare(
    `insert into visits (${VISIT_COLUMNS.join(', ')}) values (${placeholders(VISIT_COLUMNS.length)})`,
  );
  const insertGoal = sqlite.prepare(
    `insert into goal_completions (${GOAL_COLUMNS.join(', ')}) values (${placeholders(GOAL_COLUMNS.length)})`,
  );
  const write = sqlite.transaction(
    (visitors: Insertable<VisitorTable>[], visits: Insertable<VisitTable>[], goals: GoalCompletionTable[]) => {
      for (const visitor of visitors) insertVisitor.run(VISITOR_COLUMNS.map((column) => visitor[column]));
      for (const visit of visits) insertVisit.run(VISIT_COLUMNS.map((column) => visit[column] ?? null));
      for (const goal of goals) insertGoal.run(GOAL_COLUMNS.map((column) => goal[column]));
    },
  );
  return { write: (visitors, visits, goals) => write(visitors, visits, goals), close: () => sqlite.close() };
}

/** PostgreSQL: one statement per table and batch, the columns passed as arrays and unnested. */
export function postgresWriter(client: pg.ClientBase): RowWriter {
  const insert = async <Row extends object>(table: string, columns: readonly (keyof Row & string)[], rows: Row[]) => {
    const types = columns.map((column) => (column === 'first_visit' ? 'int[]' : 'text[]'));
    const parameters = columns.map((_, index) => `$${index + 1}::${types[index]}`).join(', ');
    await client.query(
      `insert into ${table} (${columns.join(', ')}) select * from unnest(${parameters})`,
      columns.map((column) => rows.map((row) => row[column] ?? null)),
    );
  };
  return async (visitors, visits, goals) => {
    await insert('visitors', VISITOR_COLUMNS, visitors);
    await insert('visits', VISIT_COLUMNS, visits);
    await insert('goal_completions', GOAL_COLUMNS, goals);
  };
}

/** Generates a year of traffic ending at `now` and writes it; answers the number of visits. */
export async function fill(write: RowWriter, now: Date, totalVisits: number): Promise<number> {
  let visitors: Insertable<VisitorTable>[] = [];
  let visits: Insertable<VisitTable>[] = [];
  let goals: GoalCompletionTable[] = [];
  let count = 0;
  for (const generated of generateTraffic(now, totalVisits)) {
    visitors.push(generated.visitor);
    visits.push(...generated.visits);
    goals.push(...generated.goals);
    if (visitors.length >= 5_000) {
      await write(visitors, visits, goals);
      count += visits.length;
      visitors = [];
      visits = [];
      goals = [];
    }
  }
  if (visitors.length > 0) await write(visitors, visits, goals);
  return count + visits.length;
}
