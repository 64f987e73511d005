import type { Kysely } from 'kysely';

// Frozen once landed. The owner's settings as key/value text (the first is the weekly summary's
// opt-in), and one row per ISO week whose summary was queued: its primary key keeps "at most one
// summary a week" true for every process on the database, since the row and the e-mail job are
// written in one transaction (docs/decisions/017-statistics-storage.md). Portable types only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('owner_settings')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('weekly_summaries')
    .addColumn('week', 'text', (column) => column.primaryKey())
    .addColumn('queued_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('weekly_summaries').execute();
  await db.schema.dropTable('owner_settings').execute();
}
