import { type Kysely, sql } from 'kysely';

// Frozen once landed. The owner's side: the password, sessions, failed sign-ins, the inbox states of
// contact messages and the notification outbox. Portable types only (text, integer).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('owner_credentials')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('owner_sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('device', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('sign_in_failures')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('failed_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_failures_address_failed_at')
    .on('sign_in_failures')
    .columns(['address', 'failed_at'])
    .execute();

  // Inbox states replace the read flag; a message read before keeps being read.
  await db.schema
    .alterTable('contact_messages')
    .addColumn('state', 'text', (column) => column.notNull().defaultTo('new'))
    .execute();
  await db.schema.alterTable('contact_messages').addColumn('state_changed_at', 'text').execute();
  await db.schema.alterTable('contact_messages').addColumn('spam_reason', 'text').execute();
  // Name, e-mail and text folded to lower case by JavaScript, since SQLite's lower() only folds ASCII
  // and the owner searches Cyrillic and Uzbek text too.
  await db.schema.alterTable('contact_messages').addColumn('search_text', 'text').execute();
  const rows = await sql<{ id: string; name: string; email: string; message: string }>`
    select id, name, email, message from contact_messages`.execute(db);
  for (const row of rows.rows) {
    const searchText = [row.name, row.email, row.message].join('\n').toLocaleLowerCase();
    await sql`update contact_messages set search_text = ${searchText} where id = ${row.id}`.execute(db);
  }
  await sql`update contact_messages set state = 'read', state_changed_at = read_at where read_at is not null`.execute(
    db,
  );
  // A message no longer points at the sender's visitor id: a name must not be joinable to a visit history.
  await sql`update contact_messages set visitor_id = null`.execute(db);
  await db.schema
    .createIndex('contact_messages_state')
    .on('contact_messages')
    .columns(['state', 'created_at'])
    .execute();

  await db.schema
    .createTable('notification_jobs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('message_id', 'text', (column) => column.references('contact_messages.id').onDelete('cascade'))
    .addColumn('channel', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('payload', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('notification_jobs_due')
    .on('notification_jobs')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('notification_jobs_message_id').on('notification_jobs').column('message_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_jobs').execute();
  await db.schema.dropIndex('contact_messages_state').execute();
  await db.schema.alterTable('contact_messages').dropColumn('search_text').execute();
  await db.schema.alterTable('contact_messages').dropColumn('spam_reason').execute();
  await db.schema.alterTable('contact_messages').dropColumn('state_changed_at').execute();
  await db.schema.alterTable('contact_messages').dropColumn('state').execute();
  await db.schema.dropTable('sign_in_failures').execute();
  await db.schema.dropTable('owner_sessions').execute();
  await db.schema.dropTable('owner_credentials').execute();
}
