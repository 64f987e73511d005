import type { Kysely } from 'kysely';

// Frozen once landed. CV downloads counted per UTC day, language and format (pdf or json): one
// counter row each, so nothing about the visitor is stored (the same rules as visits decide what
// is counted). Portable types only; the primary key is what the counter's upsert conflicts on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cv_downloads')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('locale', 'text', (column) => column.notNull())
    .addColumn('format', 'text', (column) => column.notNull())
    .addColumn('downloads', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('cv_downloads_pk', ['day', 'locale', 'format'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cv_downloads').execute();
}
