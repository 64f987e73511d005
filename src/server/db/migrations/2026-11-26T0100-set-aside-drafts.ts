import type { Kysely } from 'kysely';

// Frozen once landed. Drafts a restore replaced (issue 25, defect 1): restoring a version makes it
// the draft too, so the next Publish cannot bring back what was just undone, and the draft it
// replaced is kept here until the owner brings it back (bringing one back sets the draft it replaces
// aside in turn, with no restored version). A row per set-aside draft (a text id, so
// both engines create it alike), newest first by `set_aside_at`; the studio lists and brings them back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_set_aside_drafts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('based_on', 'integer')
    .addColumn('set_aside_at', 'text', (column) => column.notNull())
    .addColumn('restored_version', 'integer')
    .execute();
  await db.schema
    .createIndex('content_set_aside_drafts_by_time')
    .on('content_set_aside_drafts')
    .column('set_aside_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_set_aside_drafts').execute();
}
