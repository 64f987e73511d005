import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../db/database.js';
import { saveContactMessage } from '../routes/contact/contact-repository.js';
import { createVisitor } from '../routes/visitor/visitor-repository.js';

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
