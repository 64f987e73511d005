import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OwnerTotpTable } from '../db/schema.js';

const OWNER_ID = 'owner';

/** The authenticator-app secret, confirmed or waiting for its first code; undefined when never set up. */
export async function getTotp(db: Kysely<Database>): Promise<Selectable<OwnerTotpTable> | undefined> {
  return db.selectFrom('owner_totp').selectAll().where('id', '=', OWNER_ID).executeTakeFirst();
}

/** Whether a password alone no longer signs in. */
export async function secondFactorEnabled(db: Kysely<Database>): Promise<boolean> {
  const totp = await getTotp(db);
  return Boolean(totp?.confirmed_at);
}

/** Starts setting up: a new secret, not yet on (replaces an unconfirmed one). */
export async function saveTotpSecret(db: Kysely<Database>, secret: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await transaction.deleteFrom('owner_totp').where('id', '=', OWNER_ID).execute();
    await transaction
      .insertInto('owner_totp')
      .values({ id: OWNER_ID, secret, created_at: now.toISOString(), confirmed_at: null, last_used_step: 0 })
      .execute();
  });
}

/**
 * Uses the code of time step `step`, once: the row changes only if no code of that step or a later one
 * was accepted before, in one statement, so two requests with the same code cannot both pass.
 * `confirming` turns the second factor on with the same statement (the first code proves the app has it).
 */
export async function spendTotpStep(
  db: Kysely<Database>,
  step: number,
  { confirming = false, now = new Date() } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('owner_totp')
    .set(confirming ? { last_used_step: step, confirmed_at: now.toISOString() } : { last_used_step: step })
    .where('id', '=', OWNER_ID)
    .where('last_used_step', '<', step)
    .where('confirmed_at', confirming ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Turns the second factor off: the secret and every recovery code go. */
export async function deleteSecondFactor(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await transaction.deleteFrom('owner_totp').execute();
    await transaction.deleteFrom('owner_recovery_codes').execute();
  });
}

/** Replaces every recovery code by new ones (their hashes). */
export async function replaceRecoveryCodes(db: Kysely<Database>, hashes: string[], now = new Date()): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await transaction.deleteFrom('owner_recovery_codes').execute();
    await transaction
      .insertInto('owner_recovery_codes')
      .values(
        hashes.map((code_hash) => ({ id: randomUUID(), code_hash, created_at: now.toISOString(), used_at: null })),
      )
      .execute();
  });
}

/** Uses a recovery code, once: only an unused one changes (one statement, so never twice). */
export async function spendRecoveryCode(db: Kysely<Database>, hash: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('owner_recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countRecoveryCodesLeft(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('owner_recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
