import type { Kysely } from 'kysely';

// Frozen once landed. Old versions are thinned out (content-history-repository.ts), and a restore
// and the version it was restored from are always kept, so a restore records where it came from:
// `restored_from`, null for every other version. Restores made before this migration named it only
// in their default note ("restored version 12"), which is read back here; one with a note of the
// owner's own keeps null and is still kept, as every restore is. Two indexes let the thinning find
// old versions and the versions restored from without reading each version's content: on SQLite a
// column stored after the large `content` text is only reached through its overflow pages.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('content_versions').addColumn('restored_from', 'integer').execute();
  const restores = await (db as Kysely<RestoreRows>)
    .selectFrom('content_versions')
    .select(['number', 'note'])
    .where('source', '=', 'restore')
    .execute();
  for (const { number, note } of restores) {
    const from = /^restored version (\d+)$/.exec(note ?? '')?.[1];
    if (from === undefined) continue;
    await (db as Kysely<RestoreRows>)
      .updateTable('content_versions')
      .set({ restored_from: Number(from) })
      .where('number', '=', number)
      .execute();
  }
  // The number too, so PostgreSQL answers "old versions by day" from the index alone (SQLite's
  // indexes carry the integer primary key anyway).
  await db.schema
    .createIndex('content_versions_by_time')
    .on('content_versions')
    .columns(['created_at', 'number'])
    .execute();
  await db.schema
    .createIndex('content_versions_by_restored_from')
    .on('content_versions')
    .column('restored_from')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('content_versions_by_restored_from').execute();
  await db.schema.dropIndex('content_versions_by_time').execute();
  await db.schema.alterTable('content_versions').dropColumn('restored_from').execute();
}

/** The rows as this migration sees them (a migration never imports the application's table types). */
interface RestoreRows {
  content_versions: { number: number; note: string | null; source: string; restored_from: number | null };
}
