import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, OwnerPasskeyTable } from '../db/schema.js';

export async function listPasskeys(db: Kysely<Database>): Promise<OwnerPasskeyTable[]> {
  return db.selectFrom('owner_passkeys').selectAll().orderBy('created_at').execute();
}

export async function findPasskeyByCredentialId(
  db: Kysely<Database>,
  credentialId: string,
): Promise<OwnerPasskeyTable | undefined> {
  return db.selectFrom('owner_passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function addPasskey(
  db: Kysely<Database>,
  passkey: Pick<OwnerPasskeyTable, 'credential_id' | 'public_key' | 'counter' | 'transports' | 'name'>,
  now = new Date(),
): Promise<OwnerPasskeyTable> {
  const row: OwnerPasskeyTable = { id: randomUUID(), ...passkey, created_at: now.toISOString(), last_used_at: null };
  await db.insertInto('owner_passkeys').values(row).execute();
  return row;
}

/** A successful use: the authenticator's new counter and the time, shown to the owner. */
export async function markPasskeyUsed(db: Kysely<Database>, id: string, counter: number, now = new Date()) {
  await db
    .updateTable('owner_passkeys')
    .set({ counter, last_used_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function renamePasskey(db: Kysely<Database>, id: string, name: string) {
  const result = await db.updateTable('owner_passkeys').set({ name }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePasskey(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('owner_passkeys').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Keeps a challenge until it is answered or expires (expired ones are swept here). */
export async function saveWebauthnChallenge(
  db: Kysely<Database>,
  challenge: {
    challenge: string;
    purpose: 'registration' | 'authentication';
    sessionId: string | null;
    expiresAt: Date;
  },
  now = new Date(),
): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({
      challenge: challenge.challenge,
      purpose: challenge.purpose,
      session_id: challenge.sessionId,
      expires_at: challenge.expiresAt.toISOString(),
    })
    .execute();
}

/**
 * Takes a live challenge of this purpose (and session, for a registration) out of the table: one
 * answer per challenge, so a captured answer cannot be replayed.
 */
export async function takeWebauthnChallenge(
  db: Kysely<Database>,
  challenge: string,
  purpose: 'registration' | 'authentication',
  sessionId: string | null,
  now = new Date(),
): Promise<boolean> {
  let query = db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now.toISOString());
  if (sessionId !== null) query = query.where('session_id', '=', sessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
