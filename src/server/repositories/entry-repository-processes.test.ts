import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db, migrateToLatest } from '../db/database.js';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/helper.js';
import { createEntry, entriesRevision, entryById, listEntryVersions } from './entry-repository.js';

/**
 * Two processes publishing entries on one database at the same moment, as two machines (or a
 * server and `content:import`) do: on SQLite each publish's transaction takes the write lock with
 * its first statement, so it waits its turn instead of failing when the other wrote since it read.
 */
const PUBLISHER = `
  const { createDatabase } = await import(process.env.DATABASE_MODULE);
  const { publishEntryVersion } = await import(process.env.REPOSITORY_MODULE);
  const db = createDatabase(JSON.parse(process.env.DATABASE));
  // Started, each waits for the word to go, so both publish at the same moment.
  console.log('ready');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  const numbers = [];
  for (let round = 0; round < Number(process.env.ROUNDS); round++) {
    for (const { id, slug } of JSON.parse(process.env.ENTRIES)) {
      const content = { slug, status: 'published', date: '2026-11-20', tags: [], text: { english: { title: slug, summary: 'Racing.', body: String(round) } } };
      const rendered = { english: { html: '<p>' + round + '</p>', headings: [], words: 1 } };
      numbers.push((await publishEntryVersion(db, id, { content, rendered }, { source: 'files' })).number);
    }
  }
  await db.destroy();
  console.log(JSON.stringify(numbers));
  process.exit(0);
`;

const moduleUrl = (file: string) => pathToFileURL(path.join(import.meta.dirname, file)).href;

interface Publisher {
  ready: Promise<void>;
  go: () => void;
  numbers: Promise<number[]>;
}

/** A process that publishes `rounds` versions of each entry once told to go; answers their numbers. */
function publisherProcess(
  database: Record<string, string>,
  entries: Array<{ id: string; slug: string }>,
  rounds: number,
): Publisher {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', PUBLISHER], {
    env: {
      ...process.env,
      DATABASE: JSON.stringify(database),
      DATABASE_MODULE: moduleUrl('../db/database.ts'),
      REPOSITORY_MODULE: moduleUrl('./entry-repository.ts'),
      ENTRIES: JSON.stringify(entries),
      ROUNDS: String(rounds),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  let started: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    started = resolve;
  });
  child.stdout.on('data', (chunk) => {
    output += chunk;
    if (output.startsWith('ready\n')) started();
  });
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const numbers = new Promise<number[]>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      started();
      if (code === 0) resolve(JSON.parse(output.slice('ready\n'.length)) as number[]);
      else reject(new Error(`publisher failed (${code}): ${errors}`));
    });
  });
  return { ready, go: () => child.stdin.end('go\n'), numbers };
}

describe(`entries published by two processes at once on ${testDialect}`, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-entries-'));
  let db: Db;
  let database: TestDatabase | undefined;
  let connection: Record<string, string>;

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      database = await createTestDatabase();
      db = database.db;
      const withSchema = new URL(url);
      withSchema.searchParams.set('options', `-c search_path=${database.schema}`);
      connection = { dialect: 'postgres', url: withSchema.toString() };
    } else {
      connection = { dialect: 'sqlite', file: path.join(dir, 'shared.sqlite') };
      db = createDatabase({ dialect: 'sqlite', file: connection.file as string });
      await migrateToLatest(db);
    }
  });
  afterAll(async () => {
    if (database) await database.drop();
    else await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives every version its own number, and each entry its last one as latest', async () => {
    const entries = await Promise.all(['shared-a', 'shared-b'].map((slug) => createEntry(db, 'notes', slug)));
    const rounds = 15;
    const publishers = [
      publisherProcess(connection, entries, rounds),
      publisherProcess(connection, [...entries].reverse(), rounds),
    ];
    await Promise.all(publishers.map((publisher) => publisher.ready));
    for (const publisher of publishers) publisher.go();
    const [one, two] = await Promise.all(publishers.map((publisher) => publisher.numbers));
    const all = [...(one ?? []), ...(two ?? [])].sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 4 * rounds }, (_, index) => index + 1));
    expect(await entriesRevision(db)).toBe(4 * rounds);
    for (const entry of entries) {
      const [latest] = await listEntryVersions(db, entry.id, { limit: 1 });
      expect((await entryById(db, entry.id))?.latestVersion).toBe(latest?.number);
    }
  }, 60_000);
});
