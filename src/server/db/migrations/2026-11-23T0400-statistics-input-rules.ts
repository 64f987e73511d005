import { type Kysely, sql } from 'kysely';

// Frozen once landed. From now on statistics keep only the site's own page paths and referrer hosts
// that are valid host names; anything else is counted as '(other)'. Visits stored before, and their
// daily aggregates, may hold whatever a visitor sent (newlines, links, `__proto__`): they get the
// same rule here, once, so every reader can trust what is stored. The rule is copied as it was on
// this day: a migration never imports application code. Portable: plain updates, deletes and an
// upsert; the host check runs here, since SQLite and PostgreSQL share no regular expressions.

const OTHER = '(other)';
const PAGE_PATHS = ['/', '/about', '/portfolio', '/contact'];
const HOST =
  /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;
const BATCH = 500;

const isValidHost = (host: string) => host.length <= 253 && HOST.test(host);

// A type, not an interface: withTables wants an index signature.
type Tables = {
  visits: { path: string | null; referrer_host: string | null };
  visit_day_breakdowns: { day: string; dimension: string; value: string; visits: number };
};

function batches<T>(items: T[]): T[][] {
  return Array.from({ length: Math.ceil(items.length / BATCH) }, (_, index) =>
    items.slice(index * BATCH, (index + 1) * BATCH),
  );
}

/** Moves a dimension's daily counts of the given values into that day's '(other)' row. */
async function mergeIntoOther(db: Kysely<Tables>, dimension: string, values: string[]): Promise<void> {
  for (const batch of batches(values)) {
    const days = await db
      .selectFrom('visit_day_breakdowns')
      .select((eb) => ['day', eb.fn.sum<string | number>('visits').as('visits')])
      .where('dimension', '=', dimension)
      .where('value', 'in', batch)
      .groupBy('day')
      .execute();
    await db
      .deleteFrom('visit_day_breakdowns')
      .where('dimension', '=', dimension)
      .where('value', 'in', batch)
      .execute();
    for (const dayBatch of batches(days)) {
      await db
        .insertInto('visit_day_breakdowns')
        .values(dayBatch.map((row) => ({ day: row.day, dimension, value: OTHER, visits: Number(row.visits) })))
        .onConflict((conflict) =>
          conflict
            .columns(['dimension', 'day', 'value'])
            .doUpdateSet({ visits: sql<number>`visit_day_breakdowns.visits + excluded.visits` }),
        )
        .execute();
    }
  }
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped.withTables<Tables>();

  await db
    .updateTable('visits')
    .set({ path: OTHER })
    .where('path', 'is not', null)
    .where('path', 'not in', PAGE_PATHS)
    .execute();
  const hosts = await db
    .selectFrom('visits')
    .select('referrer_host')
    .distinct()
    .where('referrer_host', 'is not', null)
    .where('referrer_host', '!=', OTHER)
    .execute();
  const invalidHosts = hosts.map((row) => row.referrer_host ?? '').filter((host) => !isValidHost(host));
  for (const batch of batches(invalidHosts)) {
    await db.updateTable('visits').set({ referrer_host: OTHER }).where('referrer_host', 'in', batch).execute();
  }

  // In the aggregates '' is "not given", and stays.
  const aggregated = async (dimension: string) =>
    (
      await db
        .selectFrom('visit_day_breakdowns')
        .select('value')
        .distinct()
        .where('dimension', '=', dimension)
        .where('value', 'not in', ['', OTHER])
        .execute()
    ).map((row) => row.value);
  await mergeIntoOther(
    db,
    'pages',
    (await aggregated('pages')).filter((path) => !PAGE_PATHS.includes(path)),
  );
  await mergeIntoOther(
    db,
    'referrers',
    (await aggregated('referrers')).filter((host) => !isValidHost(host)),
  );
}

/** What was rewritten is not kept anywhere: going back leaves it as '(other)'. */
export async function down(): Promise<void> {}
