import { z } from 'zod';
import { successResponseSchema } from './api.js';

/** How often the server backs the SQLite database up into `DATA_DIR/backups` (docs/decisions/036-backups.md). */
export const BACKUP_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];
const BACKUPS_KEPT_MIN = 1;
const BACKUPS_KEPT_MAX = 90;
export const DEFAULT_BACKUP_SCHEDULE = { frequency: 'daily', keep: 7 } as const;

/** Why the last scheduled backup failed, in words the owner area has for each. */
export const BACKUP_PROBLEMS = ['disk_full', 'no_permission', 'failed'] as const;
export type BackupFailureProblem = (typeof BACKUP_PROBLEMS)[number];

export const backupScheduleSchema = z.strictObject({
  frequency: z
    .enum(BACKUP_FREQUENCIES)
    .describe('off, daily (each UTC day) or weekly (each ISO week, from Monday UTC)'),
  keep: z
    .int()
    .min(BACKUPS_KEPT_MIN)
    .max(BACKUPS_KEPT_MAX)
    .describe('How many scheduled backups are kept; the oldest is removed when a new one is made'),
});
export type BackupSchedule = z.infer<typeof backupScheduleSchema>;

const backupsSchema = z.object({
  available: z
    .boolean()
    .describe("false on PostgreSQL (DATABASE_URL): the database server's own tools (pg_dump) back it up"),
  schedule: backupScheduleSchema,
  folder: z.string().nullable().describe('Where scheduled backups are written (DATA_DIR/backups); null on PostgreSQL'),
  last: z
    .object({
      name: z.string().describe('The file name, sahifa-YYYY-MM-DDTHH-MM-SSZ.sqlite'),
      at: z.string().describe('When it was made (ISO 8601)'),
      bytes: z.int().min(0),
    })
    .nullable()
    .describe('The newest scheduled backup in the folder; null while there is none'),
  kept: z.int().min(0).describe('How many scheduled backups the folder holds'),
  failure: z
    .object({ at: z.string(), problem: z.enum(BACKUP_PROBLEMS) })
    .nullable()
    .describe('The last scheduled backup failed (it is tried again at the next turn); null once one succeeds'),
});
export type Backups = z.infer<typeof backupsSchema>;
export const backupsResponseSchema = successResponseSchema(backupsSchema);
