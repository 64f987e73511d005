import type { Kysely } from 'kysely';

// Frozen once landed. Setting the owner's first password in the browser (issue 28): while no
// password exists, each start makes one set-up link and prints it. Only the SHA-256 of its token is
// kept, with when it stops working; the table holds at most one row (the last start's link).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('owner_setup_tokens')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('owner_setup_tokens').execute();
}
