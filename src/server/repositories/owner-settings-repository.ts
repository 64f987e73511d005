import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { columnMax } from './column-max.js';

/**
 * The owner's settings kept in the database (those of the environment are read at start-up), one
 * `owner_settings` row each: the weekly summary, and families of rows under a prefix (the alt texts
 * confirmed per place, the fields marked "same in every language").
 */
const WEEKLY_SUMMARY_KEY = 'weekly_summary';

/** Sets a setting, replacing its value (an upsert both SQLite and PostgreSQL speak). */
export async function putOwnerSetting(
  db: Kysely<Database>,
  key: string,
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

/**
 * The settings whose key starts with `prefix`, keyed without it. LIKE narrows the rows; startsWith
 * keeps them exact where LIKE ignores case (SQLite) and reads `_` in the prefix as any character.
 */
export async function ownerSettingsStartingWith(
  db: Kysely<Database>,
  prefix: string,
): Promise<{ key: string; value: string }[]> {
  const rows = await db
    .selectFrom('owner_settings')
    .select(['key', 'value'])
    .where('key', 'like', `${prefix}%`)
    .execute();
  return rows
    .filter((row) => row.key.startsWith(prefix))
    .map((row) => ({ key: row.key.slice(prefix.length), value: row.value }));
}

/** One setting's value, or undefined while it was never set. */
export async function ownerSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('owner_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Whether the owner asked for the weekly summary; off until asked. */
export async function weeklySummaryEnabled(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('owner_settings')
    .select('value')
    .where('key', '=', WEEKLY_SUMMARY_KEY)
    .executeTakeFirst();
  return row?.value === 'on';
}

export async function setWeeklySummaryEnabled(db: Kysely<Database>, enabled: boolean, now = new Date()) {
  await putOwnerSetting(db, WEEKLY_SUMMARY_KEY, enabled ? 'on' : 'off', now);
}

/** The last week a summary was queued for (`2026-W47`), if any. */
export async function lastSummaryWeek(db: Kysely<Database>): Promise<string | undefined> {
  return columnMax(db, 'weekly_summaries', 'week');
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
