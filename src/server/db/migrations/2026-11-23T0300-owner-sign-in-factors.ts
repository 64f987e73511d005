import type { Kysely } from 'kysely';

// Frozen once landed. The owner's sign-in beyond the password: the authenticator-app secret and the
// last time step used (a code is never accepted twice), recovery codes and password-reset tokens as
// SHA-256 hashes only, passkeys, WebAuthn challenges waiting for their answer, the devices the owner
// has signed in from (to tell of a new one), and when each session last proved who it is (the
// re-authentication window). Portable types only (text, integer, bigint).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('owner_totp')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('secret', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_used_step', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('owner_recovery_codes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('code_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('owner_passkeys')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('credential_id', 'text', (column) => column.notNull().unique())
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('counter', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('transports', 'text')
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_used_at', 'text')
    .execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge', 'text', (column) => column.primaryKey())
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('session_id', 'text')
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('owner_devices')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('device', 'text', (column) => column.notNull())
    .addColumn('first_seen_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema.alterTable('owner_sessions').addColumn('authenticated_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('owner_sessions').dropColumn('authenticated_at').execute();
  await db.schema.dropTable('owner_devices').execute();
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('owner_passkeys').execute();
  await db.schema.dropTable('owner_recovery_codes').execute();
  await db.schema.dropTable('owner_totp').execute();
}
