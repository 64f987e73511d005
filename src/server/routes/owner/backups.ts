import { mkdtemp, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Backups, backupScheduleSchema, backupsResponseSchema } from '../../../shared/schemas/backups.js';
import { requireRecentAuthentication } from '../../auth/reauthentication.js';
import {
  backupFileName,
  backupFolderOf,
  ensureBackupFolder,
  listBackups,
  sqliteDatabaseFile,
  writeBackup,
} from '../../backups/backups.js';
import { WORK_FOLDER_PREFIX } from '../../backups/sqlite-backup.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { createRateLimit } from '../../rate-limit/rate-limit.js';
import { backupFailure, backupSchedule, setBackupSchedule } from '../../repositories/backup-repository.js';
import { settingRoutes } from './setting-routes.js';

const notAvailable = () =>
  new AppError(
    409,
    'backups_not_available',
    "The site's database is PostgreSQL (DATABASE_URL): back it up with pg_dump, the database server's own tool",
  );

/**
 * Backups in Settings (issue 28, docs/decisions/036-backups.md): the schedule and the last scheduled
 * backup, and a download of a fresh, consistent copy after a recent proof of identity. SQLite only:
 * on PostgreSQL the card says pg_dump backs it up, and the download answers 409.
 */
export const backupRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Each download copies the whole database: a few an hour is plenty for a person.
  const downloadLimit = createRateLimit(db, { name: 'owner-backup-download', points: 10, windowMs: 60 * 60_000 });

  const current = async (): Promise<Backups> => {
    const databaseFile = await sqliteDatabaseFile(db);
    const schedule = await backupSchedule(db);
    if (!databaseFile) return { available: false, schedule, folder: null, last: null, kept: 0, failure: null };
    const folder = backupFolderOf(databaseFile);
    const backups = await listBackups(folder);
    return {
      available: true,
      schedule,
      folder,
      last: backups[0] ?? null,
      kept: backups.length,
      failure: (await backupFailure(db)) ?? null,
    };
  };

  settingRoutes(app, {
    path: '/owner/backups',
    response: backupsResponseSchema,
    current,
    get: { summary: 'The backup schedule, the last scheduled backup and a failure since, if any' },
    put: {
      path: '/owner/backups/schedule',
      summary: 'How often the database is backed up into DATA_DIR/backups, and how many backups are kept',
      description: 'Read by every process at its next turn (every 15 minutes). On PostgreSQL the answer is 409.',
      body: backupScheduleSchema,
      errors: [409],
      save: async (schedule) => {
        if (!(await sqliteDatabaseFile(db))) throw notAvailable();
        await setBackupSchedule(db, schedule);
      },
      message: 'Saved',
    },
  });

  api.get('/owner/backups/download', {
    schema: {
      summary: 'A consistent copy of the SQLite database, made now, as a file',
      description:
        'Needs a sign-in within the last 10 minutes (403 reauthentication_required). Passwords typed in ' +
        'Settings stay sealed in it. On PostgreSQL the answer is 409 backups_not_available; more than 10 an hour, 429.',
      produces: ['application/vnd.sqlite3'],
    },
    preHandler: [requireRecentAuthentication, downloadLimit],
    handler: async (_request, reply) => {
      const databaseFile = await sqliteDatabaseFile(db);
      if (!databaseFile) throw notAvailable();
      const folder = backupFolderOf(databaseFile);
      await ensureBackupFolder(folder);
      // Made in a private folder of its own, opened, and removed at once: the open file is streamed,
      // and nothing of it stays on the disk whether the download finishes or not.
      const work = await mkdtemp(path.join(folder, WORK_FOLDER_PREFIX));
      const name = backupFileName(new Date());
      let file: Awaited<ReturnType<typeof open>>;
      try {
        const target = path.join(work, name);
        await writeBackup(databaseFile, target);
        file = await open(target, 'r');
      } finally {
        await rm(work, { recursive: true, force: true });
      }
      const { size } = await file.stat();
      return reply
        .type('application/vnd.sqlite3')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('content-length', size)
        .send(file.createReadStream());
    },
  });
};
