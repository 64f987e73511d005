import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen once landed. The content's pictures, so any machine serves any picture from the database:
// one row per path (the name content refers to, as under content/images/), with the bytes as
// uploaded or imported, what they are (type, intrinsic size after orientation) and their SHA-256,
// which names the variants each machine makes and keeps in its cache folder. Bytes are `bytea` on
// PostgreSQL and `blob` on SQLite: the one type the two engines spell differently.
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytesType = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('content_pictures')
    .addColumn('path', 'text', (column) => column.primaryKey())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('bytes', bytesType, (column) => column.notNull())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('sha256', 'text', (column) => column.notNull())
    .addColumn('size', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_pictures').execute();
}
