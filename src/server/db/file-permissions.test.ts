import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from './database.js';

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** The SQLite file holds the owner's messages and password hash: nobody but the site's user reads it. */
describe('the SQLite files are private under any umask', () => {
  const folders: string[] = [];
  const umask = process.umask();
  afterEach(() => {
    process.umask(umask);
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('makes the data folder 0700 and the database, its WAL and shared-memory files 0600', async () => {
    process.umask(0o022);
    const root = mkdtempSync(path.join(tmpdir(), 'sahifa-perm-'));
    folders.push(root);
    const file = path.join(root, 'data', 'sahifa.sqlite');
    const db = createDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(db);
    expect(modeOf(path.dirname(file))).toBe(0o700);
    for (const name of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(name), name).toBe(0o600);
    await db.destroy();
  });

  it('closes a database that an older version left world-readable', async () => {
    process.umask(0o022);
    const root = mkdtempSync(path.join(tmpdir(), 'sahifa-perm-'));
    folders.push(root);
    const file = path.join(root, 'sahifa.sqlite');
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    const db = createDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(db);
    expect(modeOf(file)).toBe(0o600);
    await db.destroy();
  });
});
