import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password.js';
import { createDatabase, type Db, migrateToLatest } from '../db/database.js';
import { createSession, getPasswordHash, listSessions } from '../repositories/owner-repository.js';
import { runCliWithInput } from '../test/cli.js';

/** Runs the command with `input` piped to its standard input. */
function ownerPassword(dataDir: string, input: string, ...args: string[]) {
  return runCliWithInput('owner-password', args, { DATA_DIR: dataDir }, input);
}

describe('npm run owner:password', () => {
  let dataDir: string;
  let db: Db;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-password-'));
    // The site's database, as the server made it: the command only ever opens an existing one.
    db = createDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'sahifa.sqlite') });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a password under 12 characters and stores nothing', async () => {
    const result = await ownerPassword(dataDir, 'short pass\n');
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'owner:password: The password must have at least 12 characters; nothing was changed.',
    );
    expect(await getPasswordHash(db)).toBeUndefined();
  });

  it('stores only a scrypt hash with N=2^17, r=8, p=1, and ends every session when it changes', async () => {
    const first = await ownerPassword(dataDir, 'the first long passphrase\n');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('The owner password is set');
    const hash = (await getPasswordHash(db)) ?? '';
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(hash).not.toContain('passphrase');
    expect(await verifyPassword('the first long passphrase', hash)).toBe(true);

    await createSession(db, 'Firefox on Linux');
    expect(await listSessions(db)).toHaveLength(1);
    expect((await ownerPassword(dataDir, 'a second long passphrase\r\nignored line')).code).toBe(0);
    expect(await listSessions(db)).toHaveLength(0);
    expect(await verifyPassword('a second long passphrase', (await getPasswordHash(db)) ?? '')).toBe(true);
  });

  it('explains itself with --help', async () => {
    const result = await ownerPassword(dataDir, '', '--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: npm run owner:password/);
  });
});
