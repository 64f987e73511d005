import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  BACKUP_PROBLEMS,
  type BackupFailureProblem,
  type BackupSchedule,
  backupScheduleSchema,
  DEFAULT_BACKUP_SCHEDULE,
} from '../../shared/schemas/backups.js';
import type { Database } from '../db/schema.js';
import { claimOwnerSetting, ownerSetting, parsedSetting, putOwnerSetting } from './owner-settings-repository.js';

/**
 * The scheduled backups' rows in `owner_settings` (docs/decisions/036-backups.md): the schedule the
 * owner chose, the period the last backup was claimed for, and the last failure while it stands.
 */
const SCHEDULE_KEY = 'backup_schedule';
const CLAIMED_PERIOD_KEY = 'backup_claimed_period';
const FAILURE_KEY = 'backup_failure';

const failureSchema = z.object({ at: z.string(), problem: z.enum(BACKUP_PROBLEMS) });
export type BackupFailure = z.infer<typeof failureSchema>;

/** The schedule the owner chose; daily, keeping the last 7, until they choose. */
export async function backupSchedule(db: Kysely<Database>): Promise<BackupSchedule> {
  return parsedSetting(backupScheduleSchema, await ownerSetting(db, SCHEDULE_KEY)) ?? { ...DEFAULT_BACKUP_SCHEDULE };
}

export async function setBackupSchedule(db: Kysely<Database>, schedule: BackupSchedule, now = new Date()) {
  await putOwnerSetting(db, SCHEDULE_KEY, JSON.stringify(schedule), now);
}

/** The period (its first day, `YYYY-MM-DD`) the last scheduled backup was claimed for, if any. */
export async function claimedBackupPeriod(db: Kysely<Database>): Promise<string | undefined> {
  return ownerSetting(db, CLAIMED_PERIOD_KEY);
}

/**
 * Claims a period for its backup in one statement; answers false when another process (or an earlier
 * turn) already did. The row holds the latest period claimed and only moves forward
 * (`claimOwnerSetting`). A period is named by its first day, so daily and weekly ones compare.
 */
export async function claimBackupPeriod(db: Kysely<Database>, period: string, now = new Date()): Promise<boolean> {
  return claimOwnerSetting(db, CLAIMED_PERIOD_KEY, period, now);
}

/**
 * Gives a claimed period back after its backup failed, so the next turn tries again; `previous` is
 * what the row held before the claim. Only this claim is undone, never a later one.
 */
export async function releaseBackupPeriod(
  db: Kysely<Database>,
  period: string,
  previous: string | undefined,
  now = new Date(),
): Promise<void> {
  if (previous === undefined) {
    await db.deleteFrom('owner_settings').where('key', '=', CLAIMED_PERIOD_KEY).where('value', '=', period).execute();
    return;
  }
  await db
    .updateTable('owner_settings')
    .set({ value: previous, updated_at: now.toISOString() })
    .where('key', '=', CLAIMED_PERIOD_KEY)
    .where('value', '=', period)
    .execute();
}

/** The last scheduled backup's failure, while no backup has succeeded since. */
export async function backupFailure(db: Kysely<Database>): Promise<BackupFailure | undefined> {
  return parsedSetting(failureSchema, await ownerSetting(db, FAILURE_KEY));
}

export async function recordBackupFailure(db: Kysely<Database>, problem: BackupFailureProblem, now = new Date()) {
  await putOwnerSetting(db, FAILURE_KEY, JSON.stringify({ at: now.toISOString(), problem }), now);
}

export async function clearBackupFailure(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('owner_settings').where('key', '=', FAILURE_KEY).execute();
}
