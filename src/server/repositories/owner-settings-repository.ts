import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales.js';
import {
  DIGEST_HOURS,
  type DigestHours,
  type MessageNoticeMode,
  NOTICE_LANGUAGES,
  type NoticeLanguage,
  type NoticesBody,
} from '../../shared/schemas/notices.js';
import type { NotificationSettings } from '../config.js';
import type { Database } from '../db/schema.js';
import { columnMax } from './column-max.js';

/**
 * The owner's settings kept in the database (those of the environment are read at start-up), one
 * `owner_settings` row each: the weekly summary, and families of rows under a prefix (the alt texts
 * confirmed per place, the fields marked "same in every language").
 */
const WEEKLY_SUMMARY_KEY = 'weekly_summary';
/** `day:hour` in UTC (`1:6`, Monday 06:00); absent, the default. */
const WEEKLY_SUMMARY_TIME_KEY = 'weekly_summary_time';
/** The notices' choices (decision 037); each absent row is its default. */
const NOTICE_LANGUAGE_KEY = 'notice_language';
const INTERFACE_LANGUAGE_KEY = 'interface_language';
/** `each` or `digest`; its `updated_at` is when digests began (written only when the mode changes). */
const MESSAGE_NOTICES_KEY = 'message_notices';
const DIGEST_HOURS_KEY = 'digest_hours';
const SIGN_IN_NOTICES_KEY = 'sign_in_notices';
/** The end (ISO time) of the last digest period claimed. */
const DIGEST_CLAIMED_KEY = 'digest_claimed_until';

export const DEFAULT_SUMMARY_TIME = { day: 1, hour: 6 } as const;
const DEFAULT_DIGEST_HOURS: DigestHours = 3;

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
 * Moves a setting forward to `value` in one statement: the row changes only where it holds a value
 * that sorts before this one (or is added where there is none), so of two processes claiming the
 * same value at once exactly one is answered true. For values that sort as they come (ISO times,
 * first days of periods).
 */
export async function claimOwnerSetting(
  db: Kysely<Database>,
  key: string,
  value: string,
  now = new Date(),
): Promise<boolean> {
  const updated_at = now.toISOString();
  const result = await db
    .insertInto('owner_settings')
    .values({ key, value, updated_at })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({ value, updated_at }).where('owner_settings.value', '<', value),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
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

/** A setting stored as JSON (`ownerSetting`'s value), read by its schema; a value that no longer fits reads as none. */
export function parsedSetting<Schema extends z.ZodType>(
  schema: Schema,
  value: string | undefined,
): z.infer<Schema> | undefined {
  if (value === undefined) return undefined;
  try {
    const result = schema.safeParse(JSON.parse(value));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
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

export interface SummaryTime {
  /** 1 (Monday) to 7 (Sunday), UTC. */
  day: number;
  /** 0 to 23, UTC. */
  hour: number;
}

/** When the weekly summary goes: Monday 06:00 UTC until chosen otherwise. */
export async function weeklySummaryTime(db: Kysely<Database>): Promise<SummaryTime> {
  const match = /^([1-7]):(\d{1,2})$/.exec((await ownerSetting(db, WEEKLY_SUMMARY_TIME_KEY)) ?? '');
  const hour = Number(match?.[2]);
  return match && hour <= 23 ? { day: Number(match[1]), hour } : { ...DEFAULT_SUMMARY_TIME };
}

export async function setWeeklySummaryTime(db: Kysely<Database>, time: SummaryTime, now = new Date()) {
  await putOwnerSetting(db, WEEKLY_SUMMARY_TIME_KEY, `${time.day}:${time.hour}`, now);
}

export interface NoticeChoices {
  language: NoticeLanguage;
  interfaceLanguage: Locale;
  messages: MessageNoticeMode;
  digestHours: DigestHours;
  /** When digest mode was chosen: messages before it were told one by one. */
  digestSince: string | undefined;
  signIns: boolean;
}

/** The owner's notice choices as stored now (read at each send, so a change counts in every process at once). */
export async function noticeChoices(db: Kysely<Database>): Promise<NoticeChoices> {
  const rows = await db
    .selectFrom('owner_settings')
    .select(['key', 'value', 'updated_at'])
    .where('key', 'in', [
      NOTICE_LANGUAGE_KEY,
      INTERFACE_LANGUAGE_KEY,
      MESSAGE_NOTICES_KEY,
      DIGEST_HOURS_KEY,
      SIGN_IN_NOTICES_KEY,
    ])
    .execute();
  const row = (key: string) => rows.find((found) => found.key === key);
  const language = row(NOTICE_LANGUAGE_KEY)?.value;
  const hours = Number(row(DIGEST_HOURS_KEY)?.value);
  const mode = row(MESSAGE_NOTICES_KEY);
  return {
    language: (NOTICE_LANGUAGES as readonly string[]).includes(language ?? '')
      ? (language as NoticeLanguage)
      : 'interface',
    interfaceLanguage: isLocale(row(INTERFACE_LANGUAGE_KEY)?.value)
      ? (row(INTERFACE_LANGUAGE_KEY)?.value as Locale)
      : DEFAULT_LOCALE,
    messages: mode?.value === 'digest' ? 'digest' : 'each',
    digestHours: (DIGEST_HOURS as readonly number[]).includes(hours) ? (hours as DigestHours) : DEFAULT_DIGEST_HOURS,
    digestSince: mode?.value === 'digest' ? mode.updated_at : undefined,
    signIns: row(SIGN_IN_NOTICES_KEY)?.value !== 'off',
  };
}

/** Saves the choices; the mode's row is written only when it changes, so its time says when digests began. */
export async function saveNoticeChoices(db: Kysely<Database>, choices: NoticesBody, now = new Date()): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    if (choices.language !== undefined) await putOwnerSetting(transaction, NOTICE_LANGUAGE_KEY, choices.language, now);
    if ((await ownerSetting(transaction, MESSAGE_NOTICES_KEY)) !== choices.messages) {
      await putOwnerSetting(transaction, MESSAGE_NOTICES_KEY, choices.messages, now);
    }
    await putOwnerSetting(transaction, DIGEST_HOURS_KEY, String(choices.digestHours), now);
    await putOwnerSetting(transaction, SIGN_IN_NOTICES_KEY, choices.signIns ? 'on' : 'off', now);
  });
}

/** The owner area's language, as it reports it; written only when it changed (it reports on every visit). */
export async function setInterfaceLanguage(db: Kysely<Database>, locale: Locale, now = new Date()): Promise<void> {
  if ((await ownerSetting(db, INTERFACE_LANGUAGE_KEY)) === locale) return;
  await putOwnerSetting(db, INTERFACE_LANGUAGE_KEY, locale, now);
}

/** The language notices are written in now: OWNER_LOCALE when the environment sets it, else the owner's choice. */
export function effectiveNoticeLocale(settings: NotificationSettings, choices: NoticeChoices): Locale {
  if (settings.locale) return settings.locale;
  return choices.language === 'interface' ? choices.interfaceLanguage : choices.language;
}

/** `effectiveNoticeLocale` read from the database, at the moment a notice is written. */
export async function noticeLocale(db: Kysely<Database>, settings: NotificationSettings): Promise<Locale> {
  if (settings.locale) return settings.locale;
  return effectiveNoticeLocale(settings, await noticeChoices(db));
}

/** Where the last digest ended, if one was ever claimed. */
export async function digestClaimedUntil(db: Kysely<Database>): Promise<string | undefined> {
  return ownerSetting(db, DIGEST_CLAIMED_KEY);
}

/**
 * Claims the digest period ending at `until` (ISO time), in one statement: the row moves forward only
 * from an earlier end, so of two processes claiming one period exactly one is answered true. Call it
 * in the transaction that queues the digest.
 */
export async function claimDigestPeriod(db: Kysely<Database>, until: string, now = new Date()): Promise<boolean> {
  return claimOwnerSetting(db, DIGEST_CLAIMED_KEY, until, now);
}
