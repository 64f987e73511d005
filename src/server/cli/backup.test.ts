import { execFile } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Db, migrateToLatest } from '../db/database.js';
import { saveContactMessage } from '../repositories/contact-repository.js';
import { runCli } from '../test/cli.js';

const run = promisify(execFile);

describe('npm run backup', () => {
  let dataDir: string;
  let db: Db;
  const backup = (env: Record<string, string>, ...args: string[]) =>
    runCli('backup', args, { DATA_DIR: dataDir, ...env });

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-backup-'));
    db = createDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'sahifa.sqlite') });
    await migrateToLatest(db);
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies the running database, including what is still only in its write-ahead log', async () => {
    // The site keeps its connection open, so these messages sit in the WAL file, not yet in the database file.
    for (let index = 0; index < 20; index++) {
      await saveContactMessage(db, { name: `Sender ${index}`, email: 's@example.uz', message: 'Salom!' }, undefined);
    }
    const target = path.join(dataDir, 'copy.sqlite');
    const { stdout } = await backup({}, target);
    expect(stdout).toContain(`to ${target}`);

    const copy = new SQLite(target, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('SELECT count(*) AS n FROM contact_messages').get()).toEqual({ n: 20 });
    } finally {
      copy.close();
    }
  });

  it('refuses to overwrite a file', async () => {
    const target = path.join(dataDir, 'exists.sqlite');
    writeFileSync(target, 'keep me');
    await expect(backup({}, target)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('already exists'),
    });
    expect(readFileSync(target, 'utf8')).toBe('keep me');
  });

  it('writes a file only its owner can read, whatever the umask', async () => {
    const target = path.join(dataDir, 'private.sqlite');
    await run(
      'sh',
      ['-c', 'umask 000 && exec "$0" "$@"', process.execPath, '--import', 'tsx', 'src/server/cli/backup.ts', target],
      {
        env: { ...process.env, DATA_DIR: dataDir },
      },
    );
    expect(statSync(target).mode & 0o777).toBe(0o600);
    // Nothing else is left beside it.
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.sahifa-backup-'))).toEqual([]);
  });

  it('refuses a symbolic link at the target, dangling or not, and writes nothing through it', async () => {
    const elsewhere = path.join(dataDir, 'elsewhere');
    mkdirSync(elsewhere);
    const dangling = path.join(dataDir, 'dangling.sqlite');
    symlinkSync(path.join(elsewhere, 'planted.sqlite'), dangling);
    await expect(backup({}, dangling)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(dangling) });
    expect(readdirSync(elsewhere)).toEqual([]);

    const existing = path.join(elsewhere, 'existing.sqlite');
    writeFileSync(existing, 'keep me');
    const link = path.join(dataDir, 'link.sqlite');
    symlinkSync(existing, link);
    await expect(backup({}, link)).rejects.toMatchObject({ code: 1 });
    expect(readFileSync(existing, 'utf8')).toBe('keep me');
  });

  it('says in one line that the folder is missing, without a stack trace', async () => {
    const missing = path.join(dataDir, 'no-such-folder', 'copy.sqlite');
    const failure = await backup({}, missing).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1 });
    expect('stderr' in failure && failure.stderr.trim()).toBe(
      `backup: there is no folder ${path.dirname(missing)}; create it first`,
    );
  });

  it('refuses PostgreSQL and points to pg_dump', async () => {
    await expect(
      backup({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }, path.join(dataDir, 'x')),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('pg_dump') });
  });

  it('says how to use it when the file is missing', async () => {
    await expect(backup({})).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run backup -- FILE'),
    });
  });
});
