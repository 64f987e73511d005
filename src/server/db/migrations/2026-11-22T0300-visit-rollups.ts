import { type Kysely, sql } from 'kysely';

// Frozen once landed. Daily aggregates of the visits, which outlive the raw visits (kept for
// STATS_RETENTION_MONTHS) and let the dashboard read a day as one row instead of thousands.
// Portable types only (text, integer). See docs/decisions/017-statistics-storage.md.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A visitor's creation is its first visit (spec §4); flagging it lets "new visitors" be counted
  // from the visits alone, also after the visitor itself is deleted.
  await db.schema
    .alterTable('visits')
    .addColumn('first_visit', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`update visits set first_visit = 1 where visited_at = (select created_at from visitors where visitors.id = visits.visitor_id)`.execute(
    db,
  );

  // The day of the visitor's visit before this one (null for a first visit). A visitor has visits in
  // a range exactly once with its earlier visit before the range, so unique visitors of any range
  // are a plain count over the covering index below, not a distinct count over visitor ids.
  await db.schema.alterTable('visits').addColumn('previous_visit_on', 'text').execute();
  await sql`update visits set previous_visit_on = (select max(earlier.visited_on) from visits earlier where earlier.visitor_id = visits.visitor_id and earlier.visited_at < visits.visited_at)`.execute(
    db,
  );
  await db.schema
    .createIndex('visits_visited_on_previous')
    .on('visits')
    .columns(['visited_on', 'previous_visit_on'])
    .execute();

  // One row per finished day that had visits; its existence means "this day is rolled up".
  await db.schema
    .createTable('visit_days')
    .addColumn('day', 'text', (column) => column.primaryKey())
    .addColumn('visitors', 'integer', (column) => column.notNull())
    .addColumn('visits', 'integer', (column) => column.notNull())
    .addColumn('new_visitors', 'integer', (column) => column.notNull())
    .execute();

  // Visits per day by page, language, theme, device and referring host; '' stands for "not given"
  // (a primary key column cannot be null in PostgreSQL).
  await db.schema
    .createTable('visit_day_breakdowns')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('dimension', 'text', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('visits', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('visit_day_breakdowns_pk', ['dimension', 'day', 'value'])
    .execute();

  // Visitors not seen for the retention period are deleted by last sight.
  await db.schema.createIndex('visitors_last_seen_at').on('visitors').column('last_seen_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('visitors_last_seen_at').execute();
  await db.schema.dropIndex('visits_visited_on_previous').execute();
  await db.schema.dropTable('visit_day_breakdowns').execute();
  await db.schema.dropTable('visit_days').execute();
  await db.schema.alterTable('visits').dropColumn('previous_visit_on').execute();
  await db.schema.alterTable('visits').dropColumn('first_visit').execute();
}
