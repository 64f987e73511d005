// `node --import tsx bench/content.ts`: publish to served on the built server (issue 16, "Measure").
// Two processes on one database (an SQLite file, as two processes on one machine share it): the
// owner publishes through the first, and the time is taken until the home section and the English
// home page show the new version, on the same process (target ≤ 1 s) and on the other (≤ 2 s,
// which the content-refresh job's one-second turn bounds). Then the RSS of both processes.
// Needs the build (`npm run build`).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/built-site.js';

const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 10);
const PASSWORD = 'a long owner passphrase for the bench';

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
} finally {
  for (const server of servers) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
