import type { Kysely } from 'kysely';

// Frozen once landed. The site's content as numbered versions, never rewritten: each row holds the
// whole content (every section) as JSON text, so a version is read in one query on both engines.
// The number is the primary key, so "the latest version" is one indexed lookup (the check every
// process makes each second). `files_hash` is the hash of the content folder a `files` import came
// from, so machines that share a folder import it once. One working draft beside them, with the
// revision a save must start from.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_versions')
    .addColumn('number', 'integer', (column) => column.primaryKey())
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('note', 'text')
    .addColumn('files_hash', 'text')
    .execute();
  await db.schema
    .createTable('content_drafts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('based_on', 'integer')
    .addColumn('revision', 'integer', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_drafts').execute();
  await db.schema.dropTable('content_versions').execute();
}
