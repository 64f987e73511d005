import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase, type Db, migrateToLatest } from '../db/database.js';
import { latestContentVersion } from '../repositories/content-repository.js';
import { createTestDatabase, TEST_INDEX_HTML, type TestDatabase, testAppConfig, testDialect } from '../test/helper.js';
import { sampleContent, writeContentDir } from '../test/sample-content.js';
import { waitFor } from '../test/server-process.js';
import { ContentState } from './content-state.js';
import { importContentFiles } from './import-content-files.js';
import { publishContent } from './publish-content.js';

/** A second connection to the test database, as another process on the same database has. */
function secondConnection(database: TestDatabase, sqliteFile: string | undefined): Db {
  const url = process.env.TEST_DATABASE_URL;
  if (url && database.schema) {
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${database.schema}`);
    return createDatabase({ dialect: 'postgres', url: withSchema.toString() });
  }
  if (!sqliteFile) throw new Error('no database file');
  return createDatabase({ dialect: 'sqlite', file: sqliteFile });
}

describe(`publishing reaches every process on ${testDialect}`, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-publish-'));
  let database: TestDatabase;
  let otherDb: Db;
  const apps: FastifyInstance[] = [];

  async function startProcess(db: Db): Promise<FastifyInstance> {
    const contentDir = writeContentDir(path.join(dir, 'content'), sampleContent());
    // Each process imports the same folder at start-up, as `main.ts` does: only the first publishes it.
    const { version } = await importContentFiles(db, contentDir);
    const config = testAppConfig(dir, contentDir);
    mkdirSync(config.webRoot, { recursive: true });
    writeFileSync(path.join(config.webRoot, 'index.html'), TEST_INDEX_HTML);
    const app = await buildApp({
      config,
      db,
      content: new ContentState(version.content, version.number),
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    if (testDialect === 'postgres') {
      database = await createTestDatabase();
      otherDb = secondConnection(database, undefined);
    } else {
      const file = path.join(dir, 'shared.sqlite');
      const db = createDatabase({ dialect: 'sqlite', file });
      await migrateToLatest(db);
      database = { db, drop: async () => db.destroy() };
      otherDb = secondConnection(database, file);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await otherDb.destroy();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a version published through one process from the other within 2 seconds', async () => {
    const first = await startProcess(database.db);
    const second = await startProcess(otherDb);
    expect(first.contentState.current.version).toBe(1);
    expect(second.contentState.current.version).toBe(1);

    const footer = async (app: FastifyInstance) =>
      (await app.inject({ url: '/api/v1/pages/footer' })).json().data.description.english as string;
    const head = async (app: FastifyInstance) => (await app.inject({ url: '/?lang=english' })).body;
    expect(await footer(second)).toBe('<p>Hello <strong>there</strong></p>');

    const next = sampleContent();
    next.footer.description.english = '<p>Published once</p>';
    next.identity.role.english = 'Architect';
    const published = await publishContent(database.db, first.contentState, next, { source: 'editor', note: 'test' });
    expect(published.number).toBe(2);
    // The publishing process serves it at once…
    expect(await footer(first)).toBe('<p>Published once</p>');
    // …and the other one by itself, in the API and in its pages (how soon: bench:content, about 0.4 s).
    await waitFor(async () => (await footer(second)) === '<p>Published once</p>');
    expect(await head(second)).toContain('Architect');
    expect((await latestContentVersion(otherDb))?.note).toBe('test');
  });
});
