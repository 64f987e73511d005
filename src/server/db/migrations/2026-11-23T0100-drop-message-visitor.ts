import type { Kysely } from 'kysely';

// Frozen once landed. `contact_messages.visitor_id` has been null for every row since the owner
// migration (a name must not be joinable to a visit history) and nothing reads it: it goes. Both
// engines drop a plain column (SQLite since 3.35); it had no index or key to drop first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_messages').dropColumn('visitor_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('visitor_id', 'text').execute();
}
