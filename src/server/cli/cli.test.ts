import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../db/database.js';
import { saveContactMessage } from '../repositories/contact-repository.js';
import { createVisitor } from '../repositories/visitor-repository.js';

const run = promisify(execFile);

describe('the owner commands (SQLite)', () => {
  let dataDir: string;
  const cli = (name: string, ...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', `src/server/cli/${name}.ts`, ...args], {
      env: { ...process.env, DATA_DIR: dataDir },
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-cli-'));
    const db = createDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'sahifa.sqlite') });
    await migrateToLatest(db);
    await saveContactMessage(
      db,
      { name: 'Bobur', email: 'bobur@example.uz', message: 'Salom, loyiha bor!' },
      undefined,
    );
    await createVisitor(db, 'mobile', new Date('2026-11-20T10:00:00Z'));
    await db.destroy();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('messages lists unread messages, and --mark-read marks them', async () => {
    const first = await cli('messages', '--mark-read');
    expect(first.stdout).toContain('Bobur <bobur@example.uz> · new');
    expect(first.stdout).toContain('Salom, loyiha bor!');
    expect(first.stdout).toContain('Marked 1 as read.');
    expect((await cli('messages')).stdout).toContain('No unread messages.');
    expect((await cli('messages', '--all')).stdout).toContain('Bobur <bobur@example.uz>\n');
  });

  it('stats shows visitors and visits per day and by device', async () => {
    const { stdout } = await cli('stats');
    expect(stdout).toMatch(/2026-11-20\s+1\s+1/);
    expect(stdout).toMatch(/Visits by device:\n\s+mobile\s+1/);
  });
});

describe('the owner commands refuse what would mislead', () => {
  const cli = (name: string, env: Record<string, string>, ...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', `src/server/cli/${name}.ts`, ...args], {
      env: { ...process.env, DATABASE_URL: '', ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

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

  it.each([
    ['a DATA_DIR with no database', {}],
    ['an empty DATABASE_URL (read as unset)', { DATABASE_URL: '  ' }],
  ])('refuses %s, naming the path, and creates nothing', async (_name, env) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-cli-wrong-'));
    try {
      for (const name of ['messages', 'stats']) {
        const { code, stdout, stderr } = await cli(name, { DATA_DIR: dataDir, ...env });
        expect(code).toBe(1);
        expect(stdout).toBe('');
        expect(stderr.trim()).toBe(
          `${name}: there is no database at ${path.join(dataDir, 'sahifa.sqlite')}: run this where the site runs, with its DATA_DIR (or DATABASE_URL for PostgreSQL)`,
        );
      }
      expect(existsSync(path.join(dataDir, 'sahifa.sqlite'))).toBe(false);
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
