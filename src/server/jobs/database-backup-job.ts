import path from 'node:path';
import type { BackupFrequency } from '../../shared/schemas/backups.js';
import {
  backupFileName,
  backupFolderOf,
  ensureBackupFolder,
  failureProblem,
  pruneBackups,
  sqliteDatabaseFile,
  writeBackup,
} from '../backups/backups.js';
import type { Db } from '../db/database.js';
import {
  backupSchedule,
  claimBackupPeriod,
  claimedBackupPeriod,
  clearBackupFailure,
  recordBackupFailure,
  releaseBackupPeriod,
} from '../repositories/backup-repository.js';
import type { Job } from './scheduler.js';

/** The first day (UTC, `YYYY-MM-DD`) of the day or the ISO week (from Monday) `at` falls in. */
export function backupPeriod(frequency: Exclude<BackupFrequency, 'off'>, at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  if (frequency === 'weekly') day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/**
 * The scheduled backups (docs/decisions/036-backups.md): at its first turn in a new day or week (the
 * owner's schedule, read at every turn, so a change applies at once in every process), the process
 * that claims the period in the database writes `DATA_DIR/backups/sahifa-<time>.sqlite` and removes
 * the oldest beyond the number kept. A failure is kept for Settings to show and gives the period
 * back, so the next turn tries again. On PostgreSQL it does nothing: pg_dump backs that up.
 */
export function databaseBackupJob(
  db: Db,
  { intervalMs = 15 * 60_000, now = () => new Date() }: { intervalMs?: number; now?: () => Date } = {},
): Job {
  return {
    name: 'database-backup',
    intervalMs,
    async run({ log }) {
      const { frequency, keep } = await backupSchedule(db);
      if (frequency === 'off') return;
      const databaseFile = await sqliteDatabaseFile(db);
      if (!databaseFile) return;
      const at = now();
      const period = backupPeriod(frequency, at);
      const previous = await claimedBackupPeriod(db);
      if (!(await claimBackupPeriod(db, period, at))) return;
      const folder = backupFolderOf(databaseFile);
      const name = backupFileName(at);
      try {
        await ensureBackupFolder(folder);
        const bytes = await writeBackup(databaseFile, path.join(folder, name));
        await clearBackupFailure(db);
        const removed = await pruneBackups(folder, keep, at);
        log.info({ file: name, bytes, removed }, 'database backed up');
      } catch (error) {
        await releaseBackupPeriod(db, period, previous, at);
        await recordBackupFailure(db, failureProblem(error), at);
        // The scheduler logs it as the job's failure, with why.
        throw error;
      }
    },
  };
}
