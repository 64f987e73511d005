import type { Kysely } from 'kysely';

// Frozen once landed. Goals (issue 30, item 1; docs/decisions/041-goals.md): a CV downloaded, a
// message sent, a click on one of the site's outbound links. Each completion is one raw row, kept as
// long as the raw visits (the same retention), with the visitor and visit behind it when known (never
// an address), and rolled up per finished UTC day into goal_days, which is kept for good.
// Portable types only; days are YYYY-MM-DD text and times ISO-8601 text, as everywhere.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('goal_completions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('goal', 'text', (column) => column.notNull())
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('completed_at', 'text', (column) => column.notNull())
    .addColumn('visitor_id', 'text')
    .addColumn('visit_id', 'text')
    .addColumn('locale', 'text')
    .addColumn('page', 'text')
    .addColumn('target', 'text')
    .execute();
  // An outbound link counts once per visit: a second beacon for the same visit and link conflicts.
  // Null visits (a CV download, a message without a visitor) never conflict, in either database.
  await db.schema
    .createIndex('goal_completions_once_per_visit')
    .on('goal_completions')
    .columns(['visit_id', 'goal', 'target'])
    .unique()
    .execute();
  await db.schema.createIndex('goal_completions_day').on('goal_completions').columns(['day', 'goal']).execute();
  await db.schema
    .createTable('goal_days')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('goal', 'text', (column) => column.notNull())
    // 'total', 'languages', 'pages' or 'targets'; value '' stands for "not given", as in visit_day_breakdowns.
    .addColumn('dimension', 'text', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('completions', 'integer', (column) => column.notNull())
    .addColumn('visitors', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('goal_days_pk', ['day', 'goal', 'dimension', 'value'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('goal_days').execute();
  await db.schema.dropTable('goal_completions').execute();
}
