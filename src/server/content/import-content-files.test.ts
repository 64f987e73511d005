import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listContentVersions, publishContentVersion } from '../repositories/content-repository.js';
import { pictureByPath } from '../repositories/picture-repository.js';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/helper.js';
import { sampleContent, writeContentDir } from '../test/sample-content.js';
import { contentFolderHash } from './content-folder-hash.js';
import { importContentFiles } from './import-content-files.js';
import { ContentError } from './load-content.js';

describe(`importing the content folder on ${testDialect}`, () => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'sahifa-import-'));
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('publishes the folder as version 1, then again only when its files or pictures change', async () => {
    const { db } = database;
    const contentDir = writeContentDir(path.join(dir, 'content'), sampleContent());
    const first = await importContentFiles(db, contentDir);
    expect(first).toMatchObject({ imported: true, version: { number: 1, source: 'files' } });
    expect(first.version.content).toEqual(sampleContent());

    // Another machine (or a restart) with the same folder imports nothing.
    expect(await importContentFiles(db, contentDir)).toMatchObject({ imported: false, version: { number: 1 } });

    // A picture's bytes are part of the folder.
    writeFileSync(path.join(contentDir, 'images', 'owner.svg'), '<svg xmlns="http://www.w3.org/2000/svg" id="new"/>');
    expect(await importContentFiles(db, contentDir)).toMatchObject({ imported: true, version: { number: 2 } });

    // An edit published from the browser stays the served version while the folder does not change…
    const edited = sampleContent();
    edited.identity.email = 'edited@example.com';
    await publishContentVersion(db, edited, { source: 'editor' });
    const kept = await importContentFiles(db, contentDir);
    expect(kept).toMatchObject({ imported: false, version: { number: 3, source: 'editor' } });
    expect(kept.version.content.identity.email).toBe('edited@example.com');

    // …and a changed YAML file is published over it, the edit kept in the history.
    const changed = sampleContent();
    changed.identity.email = 'files@example.com';
    writeContentDir(contentDir, changed);
    const reimported = await importContentFiles(db, contentDir);
    expect(reimported).toMatchObject({ imported: true, version: { number: 4, source: 'files' } });
    expect(reimported.version.content.identity.email).toBe('files@example.com');
    expect((await listContentVersions(db)).map((version) => version.source)).toEqual([
      'files',
      'editor',
      'files',
      'files',
    ]);
  });

  it('still refuses a bad folder with every problem named, publishing nothing', async () => {
    const content = sampleContent();
    content.about.skills.coding.push({ name: 'Go', level: 140 });
    content.identity.email = 'not an address';
    const contentDir = writeContentDir(path.join(dir, 'bad'), content);
    const before = await listContentVersions(database.db);
    const error = await importContentFiles(database.db, contentDir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).problems).toHaveLength(2);
    expect(await listContentVersions(database.db)).toEqual(before);
  });

  it('stores the pictures the folder names in the database, and publishes nothing when one is not a picture or is unsafe', async () => {
    const { db } = database;
    const content = sampleContent();
    content.home.photo = 'photo.jpg';
    const contentDir = writeContentDir(path.join(dir, 'pictures'), content);
    const photo = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#225588' } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 18/1 0/1' } })
      .toBuffer();
    writeFileSync(path.join(contentDir, 'images', 'photo.jpg'), photo);
    const { version } = await importContentFiles(db, contentDir);
    expect(await pictureByPath(db, 'photo.jpg')).toMatchObject({ bytes: photo, width: 120, height: 80 });
    expect(await pictureByPath(db, 'portfolio/shop.svg')).toMatchObject({ contentType: 'image/svg+xml' });

    writeFileSync(path.join(contentDir, 'images', 'photo.jpg'), Buffer.from('PK\u0003\u0004 a zip named .jpg'));
    writeFileSync(
      path.join(contentDir, 'images', 'portfolio', 'shop.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    );
    const error = await importContentFiles(db, contentDir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentError);
    const problems = (error as ContentError).problems.join('\n');
    expect(problems).toContain('images/photo.jpg');
    expect(problems).toContain('images/portfolio/shop.svg');
    expect(problems).toContain('onload');
    expect((await listContentVersions(db))[0]?.number).toBe(version.number);
    expect((await pictureByPath(db, 'photo.jpg'))?.bytes).toEqual(photo);
  });

  it('hashes the same folder contents the same wherever they are', () => {
    const one = writeContentDir(path.join(dir, 'one'), sampleContent());
    const two = writeContentDir(path.join(dir, 'two'), sampleContent());
    expect(contentFolderHash(one)).toBe(contentFolderHash(two));
    writeFileSync(path.join(two, 'images', 'extra.png'), 'x');
    expect(contentFolderHash(one)).not.toBe(contentFolderHash(two));
  });
});
