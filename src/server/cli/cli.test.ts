import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db, migrateToLatest } from '../db/database.js';
import { countByState, saveContactMessage } from '../repositories/contact-repository.js';
import { createVisitor } from '../repositories/visitor-repository.js';
import { runCli, runCliWithInput } from '../test/cli.js';

describe('the owner commands (SQLite)', () => {
  let dataDir: string;
  let db: Db;
  const cli = (name: string, ...args: string[]) => runCli(name, args, { DATA_DIR: dataDir });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-cli-'));
    db = createDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'sahifa.sqlite') });
    await migrateToLatest(db);
    await saveContactMessage(
      db,
      { name: 'Bobur', email: 'bobur@example.uz', message: 'Salom, loyiha bor!' },
      { now: new Date('2026-11-20T10:00:00Z') },
    );
    // Held back as spam when it arrived: never read, yet not in the inbox, so not unread either.
    await saveContactMessage(
      db,
      { name: 'Spammer', email: 'spam@example.com', message: 'Cheap followers!!!' },
      { spamReason: 'too_fast', now: new Date('2026-11-21T10:00:00Z') },
    );
    await createVisitor(db, 'mobile', new Date('2026-11-20T10:00:00Z'));
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('messages calls unread what the inbox does, and --mark-read marks them read', async () => {
    const all = (await cli('messages', '--all')).stdout;
    expect(all).not.toContain('Spammer');
    expect(all.match(/ · new$/gm)).toHaveLength((await countByState(db)).new);

    const first = await cli('messages', '--mark-read');
    expect(first.stdout).toContain('Bobur <bobur@example.uz> · new');
    expect(first.stdout).toContain('Salom, loyiha bor!');
    expect(first.stdout).toContain('Marked 1 as read.');
    expect((await cli('messages')).stdout).toContain('No unread messages.');
    expect((await cli('messages', '--all')).stdout).toContain('Bobur <bobur@example.uz>\n');
    expect(await countByState(db)).toMatchObject({ new: 0, read: 1, spam: 1 });
  });

  it('stats shows visitors and visits per day and by device for the period asked for', async () => {
    const { stdout } = await cli('stats', '--from', '2026-11-19', '--to', '2026-11-20');
    expect(stdout).toContain('Statistics from 2026-11-19 to 2026-11-20 (UTC days)');
    expect(stdout).toMatch(/^2026-11-20\s+1\s+1$/m);
    expect(stdout).toMatch(/Devices \(visits\):\n\s+mobile\s+1\n/);
  });

  it('stats refuses a period the dashboard would refuse', async () => {
    await expect(cli('stats', '--from', '2026-11-20', '--to', '2026-11-19')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^stats: --to is before --from\n/),
    });
  });
});

describe('the owner commands refuse what would mislead', () => {
  const cli = (name: string, env: Record<string, string>, ...args: string[]) =>
    runCli(name, args, { DATABASE_URL: '', ...env }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  const cliWithInput = (file: string, env: Record<string, string>, args: string[], input = '') =>
    runCliWithInput(file, args, { DATABASE_URL: '', ...env }, input);

  it.each(['messages', 'stats'])('%s --help prints its usage and which database it reads', async (name) => {
    const { code, stdout } = await cli(name, {}, '--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Usage: npm run ${name}`));
    expect(stdout).toContain('same DATA_DIR (SQLite)');
  });

  it('names an unknown option and shows the usage', async () => {
    const { code, stderr } = await cli('messages', {}, '--unread');
    expect(code).toBe(2);
    expect(stderr).toMatch(/^messages: Unknown option '--unread'/);
    expect(stderr).toContain('Usage: npm run messages');
  });

  // Every owner command, with what it needs to get as far as the database.
  const commands = [
    { name: 'messages', file: 'messages', args: [] },
    { name: 'stats', file: 'stats', args: [] },
    { name: 'owner:password', file: 'owner-password', args: [], input: 'a long enough passphrase\n' },
    { name: 'backup', file: 'backup', args: [path.join(tmpdir(), 'sahifa-never-written.sqlite')] },
  ];

  it.each([
    ['a DATA_DIR with no database', {}],
    ['an empty DATABASE_URL (read as unset)', { DATABASE_URL: '  ' }],
  ])('refuses %s, naming the path, and creates nothing', async (_name, env) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-cli-wrong-'));
    try {
      for (const { name, file, args, input } of commands) {
        const { code, stdout, stderr } = await cliWithInput(file, { DATA_DIR: dataDir, ...env }, args, input);
        expect({ name, code, stdout }).toEqual({ name, code: 1, stdout: '' });
        expect(stderr.trim()).toBe(
          `${name}: there is no database at ${path.join(dataDir, 'sahifa.sqlite')}: run this where the site runs, with its DATA_DIR (or DATABASE_URL for PostgreSQL)`,
        );
      }
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('says it cannot connect to an unreachable PostgreSQL, and where', async () => {
    const { code, stderr } = await cli('stats', { DATABASE_URL: 'postgres://owner:secret@127.0.0.1:1/site' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'stats: cannot connect to the database, PostgreSQL owner@127.0.0.1:1/site: nothing answers at that address; check that PostgreSQL is running and that DATABASE_URL is right',
    );
  });
});
