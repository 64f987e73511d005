import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, OwnerSessionTable } from '../db/schema.js';

/** The one owner's row in `owner_credentials`. */
export const OWNER_ID = 'owner';

/** A session lasts 30 days from sign-in; its last-seen time is refreshed at most once a minute. */
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** A session also ends after 7 days without use: a forgotten device does not stay signed in for a month. */
const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000;
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** The oldest last-seen time of a session still alive at `now`. */
const idleSince = (now: Date) => new Date(now.getTime() - SESSION_IDLE_MS).toISOString();

function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function getPasswordHash(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('owner_credentials')
    .select('password_hash')
    .where('id', '=', OWNER_ID)
    .executeTakeFirst();
  return row?.password_hash;
}

/** Sets or replaces the password and ends every session, in one transaction. */
export async function setPasswordHash(db: Kysely<Database>, passwordHash: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await transaction.deleteFrom('owner_credentials').where('id', '=', OWNER_ID).execute();
    await transaction
      .insertInto('owner_credentials')
      .values({ id: OWNER_ID, password_hash: passwordHash, updated_at: now.toISOString() })
      .execute();
    await transaction.deleteFrom('owner_sessions').execute();
  });
}

/**
 * Changes the password from a signed-in session: every other session ends, this one stays (it has
 * just proved the old password), in one transaction.
 */
export async function changePasswordHash(
  db: Kysely<Database>,
  passwordHash: string,
  keepSessionId: string,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await transaction
      .updateTable('owner_credentials')
      .set({ password_hash: passwordHash, updated_at: now.toISOString() })
      .where('id', '=', OWNER_ID)
      .execute();
    await transaction.deleteFrom('owner_sessions').where('id', '!=', keepSessionId).execute();
  });
}

/** The session has just proved who is at the keyboard again (re-authentication). */
export async function markSessionAuthenticated(db: Kysely<Database>, id: string, now = new Date()): Promise<void> {
  await db.updateTable('owner_sessions').set({ authenticated_at: now.toISOString() }).where('id', '=', id).execute();
}

/** Starts a session; answers the token for the cookie (only its hash is stored). */
export async function createSession(
  db: Kysely<Database>,
  device: string,
  now = new Date(),
): Promise<{ token: string; session: OwnerSessionTable }> {
  const token = randomBytes(32).toString('base64url');
  const session: OwnerSessionTable = {
    id: randomUUID(),
    token_hash: hashSessionToken(token),
    device,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000).toISOString(),
    authenticated_at: now.toISOString(),
  };
  await db.insertInto('owner_sessions').values(session).execute();
  return { token, session };
}

/** The live session a token names, its last-seen time refreshed; undefined when unknown or expired. */
export async function findSession(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<OwnerSessionTable | undefined> {
  const session = await db
    .selectFrom('owner_sessions')
    .selectAll()
    .where('token_hash', '=', hashSessionToken(token))
    .where('expires_at', '>', now.toISOString())
    .where('last_seen_at', '>', idleSince(now))
    .executeTakeFirst();
  if (session && now.getTime() - Date.parse(session.last_seen_at) > LAST_SEEN_RESOLUTION_MS) {
    session.last_seen_at = now.toISOString();
    await db
      .updateTable('owner_sessions')
      .set({ last_seen_at: session.last_seen_at })
      .where('id', '=', session.id)
      .execute();
  }
  return session;
}

export async function listSessions(db: Kysely<Database>, now = new Date()): Promise<OwnerSessionTable[]> {
  return db
    .selectFrom('owner_sessions')
    .selectAll()
    .where('expires_at', '>', now.toISOString())
    .where('last_seen_at', '>', idleSince(now))
    .orderBy('last_seen_at', 'desc')
    .execute();
}

/** Ends one session; answers whether it existed. */
export async function deleteSession(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('owner_sessions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function recordSignInFailure(db: Kysely<Database>, address: string, now = new Date()): Promise<void> {
  await db.insertInto('sign_in_failures').values({ id: randomUUID(), address, failed_at: now.toISOString() }).execute();
}

export async function clearSignInFailures(db: Kysely<Database>, address: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('address', '=', address).execute();
}

/** Housekeeping: expired or idle sessions and failures older than any lockout window. */
export async function purgeExpiredOwnerRows(db: Kysely<Database>, before: Date, now = new Date()): Promise<void> {
  await db
    .deleteFrom('owner_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('last_seen_at', '<=', idleSince(now))]))
    .execute();
  await db.deleteFrom('sign_in_failures').where('failed_at', '<', before.toISOString()).execute();
}
