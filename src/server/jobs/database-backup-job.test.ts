import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Db, migrateToLatest } from '../db/database.js';
import {
  backupFailure,
  backupSchedule,
  claimBackupPeriod,
  claimedBackupPeriod,
  setBackupSchedule,
} from '../repositories/backup-repository.js';
import { saveContactMessage } from '../repositories/contact-repository.js';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/helper.js';
import { backupPeriod, databaseBackupJob } from './database-backup-job.js';

const DAY_MS = 24 * 60 * 60_000;
// A real Fastify logger, as the server gives its jobs; silent.
const context = { log: Fastify({ logger: false }).log, signal: new AbortController().signal };
/** A Thursday, in the afternoon (UTC). */
const THURSDAY = new Date('2026-11-26T14:30:00Z');
const later = (ms: number) => new Date(THURSDAY.getTime() + ms);

describe('the backup period', () => {
  it('is the UTC day, or the Monday the ISO week starts on', () => {
    expect(backupPeriod('daily', THURSDAY)).toBe('2026-11-26');
    expect(backupPeriod('weekly', THURSDAY)).toBe('2026-11-23');
    expect(backupPeriod('weekly', new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-23');
    expect(backupPeriod('weekly', new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
  });
});

describe(`claiming a backup period, on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => database.drop());

  it('succeeds once for a period, whoever asks at the same moment, and only moves forward', async () => {
    const { db } = database;
    // Several connections of the pool (on PostgreSQL) ask at once, as processes would.
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimBackupPeriod(db, '2026-11-26')));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimBackupPeriod(db, '2026-11-26')).toBe(false);
    // A weekly period that began before the day already backed up is not claimed again.
    expect(await claimBackupPeriod(db, '2026-11-23')).toBe(false);
    expect(await claimBackupPeriod(db, '2026-11-27')).toBe(true);
    expect(await claimedBackupPeriod(db)).toBe('2026-11-27');
  });

  it('makes no backup on PostgreSQL, where pg_dump backs the database up', async () => {
    if (testDialect !== 'postgres') return;
    await databaseBackupJob(database.db, { now: () => THURSDAY }).run(context);
    expect(await claimedBackupPeriod(database.db)).toBeUndefined();
  });
});

describe('the scheduled backups of a SQLite database', () => {
  let dataDir: string;
  let databaseFile: string;
  let db: Db;
  const backupsFolder = () => path.join(dataDir, 'backups');
  const backupNames = () => readdirSync(backupsFolder()).filter((name) => name.endsWith('.sqlite'));
  const runAt = (at: Date, on: Db = db) => databaseBackupJob(on, { now: () => at }).run(context);

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-backups-'));
    databaseFile = path.join(dataDir, 'sahifa.sqlite');
    db = createDatabase({ dialect: 'sqlite', file: databaseFile });
    await migrateToLatest(db);
    await saveContactMessage(db, { name: 'Laylo', email: 'laylo@example.uz', message: 'Salom!' }, undefined);
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('backs up daily by default into DATA_DIR/backups (0700), a file of 0600 that opens with the messages', async () => {
    expect(await backupSchedule(db)).toEqual({ frequency: 'daily', keep: 7 });
    await runAt(THURSDAY);
    expect(backupNames()).toEqual(['sahifa-2026-11-26T14-30-00Z.sqlite']);
    expect(statSync(backupsFolder()).mode & 0o777).toBe(0o700);
    const file = path.join(backupsFolder(), 'sahifa-2026-11-26T14-30-00Z.sqlite');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const copy = new SQLite(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('SELECT name FROM contact_messages').all()).toEqual([{ name: 'Laylo' }]);
    } finally {
      copy.close();
    }
    // Later the same day: nothing more.
    await runAt(later(60 * 60_000));
    expect(backupNames()).toHaveLength(1);
  });

  it('keeps only the last N, removing the oldest, and leaves files that are not its own alone', async () => {
    await setBackupSchedule(db, { frequency: 'daily', keep: 3 });
    for (let day = 0; day < 5; day++) {
      if (day === 1) writeFileSync(path.join(backupsFolder(), 'my-copy.sqlite'), 'the owner put this here');
      await runAt(later(day * DAY_MS));
    }
    expect(backupNames().sort()).toEqual([
      'my-copy.sqlite',
      'sahifa-2026-11-28T14-30-00Z.sqlite',
      'sahifa-2026-11-29T14-30-00Z.sqlite',
      'sahifa-2026-11-30T14-30-00Z.sqlite',
    ]);
  });

  it('backs up once a week when weekly, and not at all when off; a change applies at the next turn', async () => {
    await setBackupSchedule(db, { frequency: 'weekly', keep: 7 });
    await runAt(THURSDAY);
    await runAt(later(DAY_MS));
    expect(backupNames()).toHaveLength(1);
    await setBackupSchedule(db, { frequency: 'off', keep: 7 });
    await runAt(later(5 * DAY_MS));
    expect(backupNames()).toHaveLength(1);
    await setBackupSchedule(db, { frequency: 'daily', keep: 7 });
    await runAt(later(5 * DAY_MS));
    expect(backupNames()).toHaveLength(2);
  });

  it('is written once a period by two processes on one database file, never twice', async () => {
    const other = createDatabase({ dialect: 'sqlite', file: databaseFile });
    try {
      await Promise.all([runAt(THURSDAY, db), runAt(later(1000), other), runAt(later(2000), db)]);
      expect(backupNames()).toHaveLength(1);
      await Promise.all([runAt(later(DAY_MS), other), runAt(later(DAY_MS + 1000), db)]);
      expect(backupNames()).toHaveLength(2);
    } finally {
      await other.destroy();
    }
  });

  it('keeps a failure for Settings to show, tries again at the next turn, and forgets it once one succeeds', async () => {
    // A file where the folder should be: the backup cannot be written.
    writeFileSync(backupsFolder(), 'in the way');
    await expect(runAt(THURSDAY)).rejects.toThrow();
    expect(await backupFailure(db)).toEqual({ at: THURSDAY.toISOString(), problem: 'failed' });
    expect(await claimedBackupPeriod(db)).toBeUndefined();

    rmSync(backupsFolder());
    await runAt(later(15 * 60_000));
    expect(backupNames()).toHaveLength(1);
    expect(await backupFailure(db)).toBeUndefined();
  });
});
