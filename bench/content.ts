// `node --import tsx bench/content.ts`: publish to served on the built server (issue 16, "Measure").
// Two processes on one database (an SQLite file, as two processes on one machine share it): the
// owner publishes through the first, and the time is taken until the home section and the English
// home page show the new version, on the same process (target ≤ 1 s) and on the other (≤ 2 s,
// which the content-refresh job's one-second turn bounds). Then the RSS of both processes.
// Then how the database grows with saves (issue 26, item 6): the servers stopped, 1,000 saves of the
// content folder (as the folder watcher publishes them, one version each) spread over 100 simulated
// days are published into the same SQLite file, and its size is taken before the saves, after them,
// after the history is thinned (CONTENT_HISTORY_DAYS=30: every version of 30 days, then one a day)
// and after a VACUUM.
// Needs the build (`npm run build`).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { freePort } from '../scripts/built-site.js';
import { createDatabase, type Db, migrateToLatest } from '../src/server/db/database.js';
import { publishFilesVersionOnce } from '../src/server/repositories/content-files-repository.js';
import { thinContentHistory } from '../src/server/repositories/content-history-repository.js';
import { latestContentVersion } from '../src/server/repositories/content-repository.js';
import type { SiteContent } from '../src/shared/schemas/content.js';

const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 10);
const PASSWORD = 'a long owner passphrase for the bench';
const SAVES = Number(process.env.BENCH_SAVES ?? 1_000);
const SAVE_DAYS = Number(process.env.BENCH_SAVE_DAYS ?? 100);
const HISTORY_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-bench-content-'));
const env = { ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
const servers: ChildProcess[] = [];

async function startServer(): Promise<string> {
  const port = await freePort();
  const server = spawn(process.execPath, ['dist/node/server/main.js'], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.push(server);
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  while ((await fetch(`${url}/api/v1/health`).catch(() => undefined))?.status !== 200) {
    if (server.exitCode !== null || performance.now() - started > 30_000) throw new Error('the server did not start');
    await sleep(20);
  }
  return url;
}

/** Sets the owner password the documented way (`npm run owner:password`, piped). */
async function setOwnerPassword(): Promise<void> {
  const cli = spawn(process.execPath, ['dist/node/server/cli/owner-password.js'], {
    env,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  cli.stdin.end(`${PASSWORD}\n`);
  const code = await new Promise((resolve) => cli.once('exit', resolve));
  if (code !== 0) throw new Error('owner:password failed');
}

type Owner = (method: string, address: string, body?: unknown) => Promise<{ status: number; data: never }>;

async function signIn(url: string): Promise<Owner> {
  const answer = await fetch(`${url}/api/v1/owner/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ password: PASSWORD }),
  });
  if (answer.status !== 200) throw new Error(`sign-in: ${answer.status} ${await answer.text()}`);
  const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return async (method, address, body) => {
    const response = await fetch(`${url}${address}`, {
      method,
      headers: { cookie, origin: url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { data: never };
    if (response.status !== 200) throw new Error(`${method} ${address}: ${response.status} ${JSON.stringify(json)}`);
    return { status: response.status, data: json.data };
  };
}

/** Milliseconds from `since` until the home section and the English home page of `url` show `marker`. */
async function servedAfter(url: string, marker: string, since: number): Promise<number> {
  const shows = async (address: string) => (await (await fetch(`${url}${address}`)).text()).includes(marker);
  while (performance.now() - since < 10_000) {
    const [section, page] = await Promise.all([shows('/api/v1/pages/home'), shows('/?lang=english')]);
    if (section && page) return performance.now() - since;
    await sleep(10);
  }
  throw new Error(`${url} did not serve ${marker} within 10 s`);
}

/** The database file's size (after folding the WAL into it) and the part of it in use, in MiB. */
async function databaseSize(db: Db, file: string): Promise<{ file: number; used: number; versions: number }> {
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
  const pages = async (pragma: string) =>
    Number(Object.values((await sql.raw(`pragma ${pragma}`).execute(db)).rows[0] as object)[0]);
  const [pageCount, freePages, pageSize] = [
    await pages('page_count'),
    await pages('freelist_count'),
    await pages('page_size'),
  ];
  const versions = await db
    .selectFrom('content_versions')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return {
    file: statSync(file).size / 2 ** 20,
    used: ((pageCount - freePages) * pageSize) / 2 ** 20,
    versions: Number(versions.count),
  };
}

/**
 * SAVES saves of the content folder, spread evenly over SAVE_DAYS days up to now, each a new version
 * with one text changed, published as the folder watcher publishes them; then the history thinned.
 */
async function historyGrowth(file: string): Promise<void> {
  const db = createDatabase({ dialect: 'sqlite', file });
  try {
    // The build the servers ran may be older than this checkout's migrations.
    await migrateToLatest(db);
    const base = (await latestContentVersion(db))?.content as SiteContent;
    const rows: Record<string, number | string>[] = [];
    const measure = async (step: string) => {
      const size = await databaseSize(db, file);
      rows.push({
        step,
        versions: size.versions,
        'file MiB': size.file.toFixed(1),
        'in use MiB': size.used.toFixed(1),
      });
    };
    await measure('before the saves');
    const first = Date.now() - SAVE_DAYS * DAY_MS;
    for (let save = 0; save < SAVES; save++) {
      const content = structuredClone(base);
      content.home.greeting.english = `${base.home.greeting.english} (save ${save})`;
      await publishFilesVersionOnce(
        db,
        content,
        `bench-save-${save}`,
        new Date(first + ((save + 1) * SAVE_DAYS * DAY_MS) / SAVES),
      );
    }
    await measure(`after ${SAVES} saves over ${SAVE_DAYS} days`);
    const started = performance.now();
    const deleted = await thinContentHistory(db, { keepDays: HISTORY_DAYS });
    const thinningMs = performance.now() - started;
    await measure(`after thinning (${HISTORY_DAYS} days, then one a day)`);
    await sql`vacuum`.execute(db);
    await measure('after VACUUM');
    const bytes = JSON.stringify(base).length;
    console.info(
      `\nDatabase growth on SQLite: ${SAVES} saves of the content folder (${(bytes / 1024).toFixed(0)} KiB of JSON each), ${SAVES / SAVE_DAYS} a day; thinning deleted ${deleted} versions in ${Math.round(thinningMs)} ms. The freed pages are used again by later saves, so the file stops growing; VACUUM gives them back to the disk:`,
    );
    console.table(rows);
  } finally {
    await db.destroy();
  }
}

async function stopServers(): Promise<void> {
  for (const server of servers.splice(0)) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

try {
  const publisher = await startServer();
  const other = await startServer();
  await setOwnerPassword();
  const owner = await signIn(publisher);
  const rssBefore = servers.map((server) => rssMiB(server.pid ?? 0));
  const same: number[] = [];
  const second: number[] = [];
  for (let round = 0; round < PUBLISHES; round++) {
    const { draft, published } = (await owner('GET', '/api/v1/owner/content/draft')).data as {
      draft: { revision: number };
      published: { number: number };
    };
    const { content } = (await owner('GET', `/api/v1/owner/content/versions/${published.number}`)).data as {
      content: { home: { greeting: Record<string, string> } };
    };
    const marker = `bench-${round}-${Date.now()}`;
    const greeting = Object.fromEntries(
      Object.entries(content.home.greeting).map(([language, text]) => [
        language,
        `${text.replace(/ ⟦[^⟧]*⟧/g, '')} ⟦${marker}⟧`,
      ]),
    );
    await owner('PUT', '/api/v1/owner/content/draft', {
      content: { ...content, home: { ...content.home, greeting } },
      basedOn: published.number,
      revision: draft.revision,
    });
    const started = performance.now();
    await owner('POST', '/api/v1/owner/content/publish', { note: marker });
    const [here, there] = await Promise.all([
      servedAfter(publisher, marker, started),
      servedAfter(other, marker, started),
    ]);
    same.push(here);
    second.push(there);
    // Publishes at varied moments of the other process's one-second turn.
    await sleep(150 + Math.random() * 700);
  }
  const row = (where: string, target: number, values: number[]) => ({
    where,
    'median ms': Math.round(median(values)),
    'max ms': Math.round(Math.max(...values)),
    'target ms': target,
  });
  console.info(
    `\nPublish to served (home section and English page), ${PUBLISHES} publishes through the first process:`,
  );
  console.table([row('the publishing process', 1_000, same), row('a second process on the database', 2_000, second)]);
  const rssAfter = servers.map((server) => rssMiB(server.pid ?? 0));
  console.info(
    `Memory: ${rssBefore.map((mib) => mib.toFixed(0)).join(' and ')} MiB RSS before, ` +
      `${rssAfter.map((mib) => mib.toFixed(0)).join(' and ')} MiB after (publishing process, second process).`,
  );
  await stopServers();
  await historyGrowth(path.join(dataDir, 'sahifa.sqlite'));
} finally {
  await stopServers();
  rmSync(dataDir, { recursive: true, force: true });
}
