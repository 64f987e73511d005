import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import type { SiteContent } from '../../shared/schemas/content.js';
import { type AppOptions, buildApp } from '../app.js';
import { hashPassword } from '../auth/password.js';
import type { Config, DatabaseConfig } from '../config.js';
import { importContentPictures } from '../content/import-content-pictures.js';
import { createDatabase, type Db, migrateToLatest } from '../db/database.js';
import { setPasswordHash } from '../repositories/owner-repository.js';
import type { ServerLimits } from '../security/server-limits.js';
import { sampleContent, writeContentDir, writeNamedPictures } from './sample-content.js';

/**
 * The database the server tests run on: a fresh SQLite file by default, or — when
 * TEST_DATABASE_URL names a PostgreSQL server — a fresh schema there, so the same tests cover both.
 */
export const testDialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export interface TestDatabase {
  db: Db;
  /** The PostgreSQL schema the test works in (undefined on SQLite). */
  schema?: string;
  drop: () => Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(postgresUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const db = createDatabase({ dialect: 'postgres', url: url.toString() });
    await migrateToLatest(db, { postgresSchema: schema });
    return {
      db,
      schema,
      drop: async () => {
        await db.destroy();
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-db-'));
  const config: DatabaseConfig = { dialect: 'sqlite', file: path.join(dir, 'test.sqlite') };
  const db = createDatabase(config);
  await migrateToLatest(db);
  return {
    db,
    drop: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const TEST_INDEX_HTML =
  '<!doctype html><html lang="uz-Latn"><head><title>Sahifa</title><!--site-data--></head><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>';

/**
 * What a test app runs with: its folders under `dir` (the built site in `web/`), the contact limit
 * tests reach, no notification channel.
 */
export function testAppConfig(dir: string, contentDir: string): AppOptions['config'] {
  return {
    contentDir,
    webRoot: path.join(dir, 'web'),
    cacheDir: path.join(dir, 'cache'),
    trustProxy: false,
    contactRateLimit: { max: 5, windowMinutes: 10 },
    visitorRateLimit: 1000,
    notifications: { email: undefined, telegram: undefined, locale: 'english', retrySeconds: 15 },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  content: SiteContent;
  contentDir: string;
  close: () => Promise<void>;
}

/**
 * Another process on a test app's database: its own app, folders, outbox and jobs, as a second
 * machine behind a load balancer has. `close` closes it and removes its folders.
 */
export async function anotherProcess(
  testApp: TestApp,
  overrides: Partial<Config> = {},
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-other-'));
  const config = { ...testAppConfig(dir, testApp.contentDir), ...overrides };
  mkdirSync(config.webRoot, { recursive: true });
  writeFileSync(path.join(config.webRoot, 'index.html'), TEST_INDEX_HTML);
  const app = await buildApp({ config, db: testApp.db, content: testApp.content });
  await app.ready();
  await app.jobs.settled();
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The real application on a throwaway database, content folder and built-site folder. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  content: SiteContent = sampleContent(),
  {
    logger = false,
    logController,
    serverLimits,
    pageRenderer,
    smtpTls,
  }: {
    logger?: FastifyServerOptions['logger'];
    /** TLS options for SMTP set up in Settings: the test server's self-signed certificate. */
    smtpTls?: AppOptions['smtpTls'];
    logController?: AppOptions['logController'];
    serverLimits?: Partial<ServerLimits>;
    pageRenderer?: AppOptions['pageRenderer'];
  } = {},
): Promise<TestApp> {
  const { db, drop } = await createTestDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-app-'));
  const contentDir = writeContentDir(path.join(dir, 'content'), content);
  writeNamedPictures(contentDir, content);
  // As start-up does: the folder's pictures are served from the database.
  await importContentPictures(db, contentDir, content);
  const webRoot = path.join(dir, 'web');
  mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  writeFileSync(path.join(webRoot, 'index.html'), TEST_INDEX_HTML);
  writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const app = await buildApp({
    config: { ...testAppConfig(dir, contentDir), ...overrides },
    db,
    content,
    logger,
    logController,
    serverLimits,
    pageRenderer,
    smtpTls,
  });
  await app.ready();
  // The start-up jobs have run before a test writes: a roll-up half-way through seeded visits of
  // past days would count some of them for good and never the rest.
  await app.jobs.settled();
  return {
    app,
    db,
    content,
    contentDir,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What a browser on the site's own pages sends with a state change; the owner's scope asks for it. */
export const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' } as const;

/**
 * Sets the owner's password (a cheap scrypt cost: tests need no slow hash) and signs in through the
 * API; answers the session cookie (`name=value`) to send with owner requests.
 */
export async function signInOwner(testApp: TestApp, password = 'correct horse battery staple'): Promise<string> {
  await setPasswordHash(testApp.db, await hashPassword(password, { logN: 10, r: 8, p: 1 }));
  const signedIn = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/owner/session',
    headers: SAME_ORIGIN,
    payload: { password },
  });
  if (signedIn.statusCode !== 200) throw new Error(`signing in answered ${signedIn.statusCode}: ${signedIn.body}`);
  return String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
}

/** The real application (`createTestApp`) with the owner signed in (`signInOwner`): the app and the session cookie. */
export async function createSignedInTestApp(
  ...options: Parameters<typeof createTestApp>
): Promise<{ testApp: TestApp; cookie: string }> {
  const testApp = await createTestApp(...options);
  try {
    return { testApp, cookie: await signInOwner(testApp) };
  } catch (error) {
    await testApp.close();
    throw error;
  }
}
