import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createDatabase, type Db, migrateToLatest } from '../db/database.js';
import { picturesOf } from '../pictures/content-pictures.js';
import {
  contentVersionByNumber,
  latestContentVersionNumber,
  latestFilesHash,
} from '../repositories/content-repository.js';
import { pictureByPath } from '../repositories/picture-repository.js';
import { runCli } from '../test/cli.js';

const CONTENT_DIR = path.resolve('content');

describe('npm run content:export and content:import', () => {
  let dir: string;
  let db: Db;
  const command = (name: 'export' | 'import', ...args: string[]) =>
    runCli(`content-${name}`, args, { DATA_DIR: path.join(dir, 'data'), CONTENT_DIR });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sahifa-content-cli-'));
    db = createDatabase({ dialect: 'sqlite', file: path.join(dir, 'data', 'sahifa.sqlite') });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exports a version as a content folder that imports as an identical version', async () => {
    const imported = await command('import', CONTENT_DIR);
    expect(imported.stdout).toContain('as version 1');
    const out = path.join(dir, 'exported');
    expect((await command('export', out)).stdout).toContain(`Wrote version 1 (files,`);

    expect((await command('import', out, '--note', 'round trip')).stdout).toContain('as version 2');
    const [first, second] = await Promise.all([contentVersionByNumber(db, 1), contentVersionByNumber(db, 2)]);
    expect(second?.content).toEqual(first?.content);
    expect(second?.note).toBe('round trip');
    if (!first) throw new Error('no version 1');
    for (const picture of picturesOf(first.content)) {
      const original = readFileSync(path.join(CONTENT_DIR, 'images', picture));
      // The export writes the bytes kept in the database, which are the folder's own…
      expect(readFileSync(path.join(out, 'images', picture))).toEqual(original);
      // …and importing them again leaves the stored picture as it was.
      expect((await pictureByPath(db, picture))?.bytes).toEqual(original);
    }
    // Folders published by hand do not stand for CONTENT_DIR: start-up still compares with its own import.
    expect(await latestFilesHash(db)).toBeUndefined();
  }, 60_000);

  it("round-trips the collections' entries byte for byte: export, import, export", async () => {
    // The first test imported content/, its notes and projects with it.
    const filesUnder = (root: string) =>
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((item) => item.isFile())
        .map((item) => path.relative(root, path.join(item.parentPath, item.name)))
        .sort();
    const entryFiles = (root: string) => filesUnder(root).filter((file) => /^(notes|projects)\//.test(file));
    const first = path.join(dir, 'entries-first');
    expect((await command('export', first)).stdout).toMatch(/and 5 entries to /);
    expect(entryFiles(first)).toEqual(entryFiles(CONTENT_DIR));
    for (const file of entryFiles(CONTENT_DIR)) {
      expect(readFileSync(path.join(first, file), 'utf8'), file).toBe(
        readFileSync(path.join(CONTENT_DIR, file), 'utf8'),
      );
    }
    expect((await command('import', first)).stdout).toContain('Entries: 0 published (0 new), 5 unchanged');
    const second = path.join(dir, 'entries-second');
    await command('export', second);
    expect(filesUnder(second)).toEqual(filesUnder(first));
    for (const file of filesUnder(first)) {
      expect(readFileSync(path.join(second, file)), file).toEqual(readFileSync(path.join(first, file)));
    }
  }, 60_000);

  it('exports an older version by its number, and never into a folder that has files', async () => {
    const out = path.join(dir, 'old');
    expect((await command('export', out, '--version', '1')).stdout).toContain('Wrote version 1');
    await expect(command('export', out)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('not empty'),
    });
    await expect(command('export', path.join(dir, 'none'), '--version', '99')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('there is no version 99'),
    });
    await expect(command('export', path.join(dir, 'none'), '--version', 'one')).rejects.toMatchObject({ code: 2 });
  }, 60_000);

  it('refuses a bad folder with every problem named, and publishes nothing', async () => {
    const before = await latestContentVersionNumber(db);
    const bad = path.join(dir, 'bad');
    mkdirSync(bad);
    writeFileSync(path.join(bad, 'identity.yaml'), 'first_name: [');
    const failed = command('import', bad);
    await expect(failed).rejects.toMatchObject({ code: 1 });
    const { stderr } = (await failed.catch((error: unknown) => error)) as { stderr: string };
    expect(stderr).toContain('nothing was published');
    expect(stderr).toContain('identity.yaml');
    expect(stderr).toContain('home.yaml: the file is missing');
    expect(await latestContentVersionNumber(db)).toBe(before);
  }, 60_000);

  it('imports the pictures a folder names into the database, and refuses a folder with a picture that is not one', async () => {
    const folder = path.join(dir, 'with-photo');
    await command('export', folder, '--version', '1');
    const version = await contentVersionByNumber(db, 1);
    if (!version) throw new Error('no version 1');
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    writeFileSync(path.join(folder, 'images', 'phone.jpg'), photo);
    writeFileSync(path.join(folder, 'home.yaml'), stringify({ ...version.content.home, photo: 'phone.jpg' }));
    expect((await command('import', folder)).stdout).toMatch(/as version \d+/);
    expect(await pictureByPath(db, 'phone.jpg')).toMatchObject({ width: 300, height: 200, contentType: 'image/jpeg' });
    const exported = path.join(dir, 'with-photo-again');
    await command('export', exported);
    expect(readFileSync(path.join(exported, 'images', 'phone.jpg'))).toEqual(photo);

    const before = await latestContentVersionNumber(db);
    writeFileSync(path.join(folder, 'images', 'phone.jpg'), Buffer.from('PK\u0003\u0004 not a photo at all'));
    const failed = command('import', folder);
    await expect(failed).rejects.toMatchObject({ code: 1 });
    const { stderr } = (await failed.catch((error: unknown) => error)) as { stderr: string };
    expect(stderr).toContain('nothing was published');
    expect(stderr).toContain('images/phone.jpg');
    expect(await latestContentVersionNumber(db)).toBe(before);
    expect((await pictureByPath(db, 'phone.jpg'))?.bytes).toEqual(photo);
  }, 60_000);
});
