import type { Kysely } from 'kysely';

// Frozen once landed: a later change is a new migration. Only portable column types are used
// (text, integer) so the same file runs on SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visitors')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('device', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('visits')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('visitor_id', 'text', (column) => column.notNull().references('visitors.id').onDelete('cascade'))
    .addColumn('device', 'text', (column) => column.notNull())
    .addColumn('visited_on', 'text', (column) => column.notNull())
    .addColumn('visited_at', 'text', (column) => column.notNull())
    .addColumn('path', 'text')
    .addColumn('locale', 'text')
    .addColumn('theme', 'text')
    .addColumn('referrer_host', 'text')
    .execute();
  // Statistics group visits by day, then by visitor, device, language or page.
  await db.schema.createIndex('visits_visited_on_visitor').on('visits').columns(['visited_on', 'visitor_id']).execute();
  await db.schema.createIndex('visits_visitor_id').on('visits').column('visitor_id').execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('locale', 'text')
    .addColumn('visitor_id', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('contact_messages_created_at').on('contact_messages').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute();
  await db.schema.dropTable('visits').execute();
  await db.schema.dropTable('visitors').execute();
}
