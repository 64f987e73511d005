import type { Kysely } from 'kysely';

// Frozen once landed. Shared statistics links (issue 30, item 5; docs/decisions/043-shared-statistics.md):
// a read-only link to the dashboard. Only the SHA-256 of the link's token is kept (like the set-up
// and password-reset links), so a copied database opens no link; the optional password is kept as
// the owner's is (scrypt, auth/password.ts). Times are ISO-8601 UTC text; expires_at null: never.
// A revoked link keeps its row (revoked_at set) until housekeeping has no use for it: the list hides it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stats_shares')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('last_viewed_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stats_shares').execute();
}
