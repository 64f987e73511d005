import type { Kysely } from 'kysely';

// Frozen once landed. Collections (issue 27): notes and projects, many entries each, every entry
// with its own drafts and history, so publishing one note writes one small row instead of copying
// the whole site as `content_versions` does.
// - `entries`: one row per entry (random UUID text id), with what the visitors' side needs without
//   reading a version: its current slug, its latest version and from when visitors see it (null for
//   a draft or a deleted entry). Rows are never deleted: `deleted_at` marks a deleted entry.
// - `entry_versions`: the versions of every entry under ONE sequence of numbers (the primary key,
//   inserted as the latest plus one), so `max(number)` is the collections' revision that every
//   process polls with one indexed lookup. Content and rendering are JSON text.
// - `entry_drafts` and `entry_set_aside_drafts`: as `content_drafts` and `content_set_aside_drafts`,
//   one draft per entry.
// - `entry_slugs`: every slug an entry was published under (and the slug an entry not yet published
//   holds), so a slug is unique per collection forever, on both engines by its primary key, and an
//   old address can be sent on to the entry's current one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('entries')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('collection', 'text', (column) => column.notNull())
    .addColumn('slug', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('latest_version', 'integer')
    .addColumn('visible_from', 'text')
    .execute();
  await db.schema.createIndex('entries_by_visibility').on('entries').columns(['collection', 'visible_from']).execute();
  await db.schema
    .createTable('entry_versions')
    .addColumn('number', 'integer', (column) => column.primaryKey())
    .addColumn('entry_id', 'text', (column) => column.notNull().references('entries.id'))
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('rendered', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('note', 'text')
    .addColumn('restored_from', 'integer')
    .execute();
  await db.schema.createIndex('entry_versions_by_entry').on('entry_versions').columns(['entry_id', 'number']).execute();
  await db.schema
    .createTable('entry_drafts')
    .addColumn('entry_id', 'text', (column) => column.primaryKey().references('entries.id'))
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('based_on', 'integer')
    .addColumn('revision', 'integer', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('entry_set_aside_drafts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('entry_id', 'text', (column) => column.notNull().references('entries.id'))
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('based_on', 'integer')
    .addColumn('set_aside_at', 'text', (column) => column.notNull())
    .addColumn('restored_version', 'integer')
    .execute();
  await db.schema
    .createIndex('entry_set_aside_drafts_by_entry')
    .on('entry_set_aside_drafts')
    .columns(['entry_id', 'set_aside_at'])
    .execute();
  await db.schema
    .createTable('entry_slugs')
    .addColumn('collection', 'text', (column) => column.notNull())
    .addColumn('slug', 'text', (column) => column.notNull())
    .addColumn('entry_id', 'text', (column) => column.notNull().references('entries.id'))
    .addPrimaryKeyConstraint('entry_slugs_primary_key', ['collection', 'slug'])
    .execute();
  await db.schema.createIndex('entry_slugs_by_entry').on('entry_slugs').column('entry_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('entry_slugs').execute();
  await db.schema.dropTable('entry_set_aside_drafts').execute();
  await db.schema.dropTable('entry_drafts').execute();
  await db.schema.dropTable('entry_versions').execute();
  await db.schema.dropTable('entries').execute();
}
