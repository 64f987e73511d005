import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db, migrateToLatest } from '../db/database.js';
import { latestContentVersionNumber } from '../repositories/content-repository.js';
import { billionLaughs } from '../test/alias-bomb.js';
import { runCli } from '../test/cli.js';
import { writeContentDir } from '../test/sample-content.js';

// Issue 25, item 9: yaml's alias limit threw past the content check, and the command died with a stack trace.
describe('npm run content:import on a YAML alias bomb', () => {
  let dir: string;
  let db: Db;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sahifa-alias-bomb-'));
    db = createDatabase({ dialect: 'sqlite', file: path.join(dir, 'data', 'sahifa.sqlite') });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses it in one line naming the file, and publishes nothing', async () => {
    const folder = writeContentDir(path.join(dir, 'content'));
    writeFileSync(path.join(folder, 'about.yaml'), billionLaughs());
    const failed = runCli('content-import', [folder], { DATA_DIR: path.join(dir, 'data') }).catch(
      (error: unknown) => error as { code: number; stderr: string },
    );
    const { code, stderr } = (await failed) as { code: number; stderr: string };
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^.*nothing was published: .*about\.yaml: not valid YAML \(Excessive alias count indicates a resource exhaustion attack\)$/,
      ),
    ]);
    expect(await latestContentVersionNumber(db)).toBeUndefined();
  }, 60_000);
});
