import type { Kysely } from 'kysely';

// Frozen once landed. Rate-limit counters shared by every process on the database (decision 011):
// one row per limit and client, a fixed window that starts again once `expires_at` has passed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('points', 'integer', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  // Expired rows are deleted now and then by their expiry.
  await db.schema.createIndex('rate_limits_expires_at').on('rate_limits').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
