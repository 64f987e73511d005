import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The owner's settings kept in the database (those of the environment are read at start-up). */
const OWNER_SETTING_KEYS = ['weekly_summary'] as const;
type OwnerSettingKey = (typeof OWNER_SETTING_KEYS)[number];

async function getOwnerSetting(db: Kysely<Database>, key: OwnerSettingKey): Promise<string | undefined> {
  const row = await db.selectFrom('owner_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Sets a setting, replacing its value (an upsert both SQLite and PostgreSQL speak). */
async function setOwnerSetting(
  db: Kysely<Database>,
  key: OwnerSettingKey,
  value: string,
  now = new Date(),
): Promise<void> {
  const updated_at = now.toISOString();
  await db
    .insertInto('owner_settings')
    .values({ key, value, updated_at })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at }))
    .execute();
}

/** Whether the owner asked for the weekly summary; off until asked. */
export async function weeklySummaryEnabled(db: Kysely<Database>): Promise<boolean> {
  return (await getOwnerSetting(db, 'weekly_summary')) === 'on';
}

export async function setWeeklySummaryEnabled(db: Kysely<Database>, enabled: boolean, now = new Date()) {
  await setOwnerSetting(db, 'weekly_summary', enabled ? 'on' : 'off', now);
}

/** The last week a summary was queued for (`2026-W47`), if any. */
export async function lastSummaryWeek(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('weekly_summaries')
    .select((eb) => eb.fn.max('week').as('week'))
    .executeTakeFirst();
  return row?.week ?? undefined;
}

/**
 * Claims a week for its summary; answers false when another process (or an earlier run) already
 * did. Call it in the transaction that queues the e-mail, so the claim and the e-mail go together.
 */
export async function claimSummaryWeek(db: Kysely<Database>, week: string, now = new Date()): Promise<boolean> {
  const result = await db
    .insertInto('weekly_summaries')
    .values({ week, queued_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('week').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
