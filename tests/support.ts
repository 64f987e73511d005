// Helpers for the deployment tests: processes started as a person would, on free ports.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { freePort } from '../scripts/built-site.js';

export { freePort };

export function requireBuild(): void {
  if (!existsSync('dist/node/server/main.js') || !existsSync('dist/web/index.html')) {
    throw new Error('The deployment tests need the built site: run `npm run build` first.');
  }
}

export interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts a command with its output captured (and shown when a test fails). `detached` makes it lead
 * its own process group, which `process.kill(-pid, signal)` then signals as a terminal or `docker stop` would.
 */
export function start(
  command: string,
  args: string[],
  env: Record<string, string | undefined> = {},
  { detached = false } = {},
): Started {
  let output = '';
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `url` answers with `status` (200 by default), or throws after `timeoutMs`. */
export async function waitFor(url: string, { timeoutMs = 60_000, status = 200, init = {} as RequestInit } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(2_000) });
      if (response.status === status) return response;
      last = `status ${response.status}`;
    } catch (error) {
      last = String(error);
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer ${status} in ${timeoutMs} ms (last: ${last})`);
}

/** Every process under `pid` (children, grandchildren…), read from /proc. */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent PID is the 4th field, after the command name in parentheses (which may hold spaces).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of parents.get(queue.shift() ?? -1) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

export function isRunning(pid: number): boolean {
  try {
    // A zombie still answers signal 0; its state letter says it has ended.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Waits until none of `pids` runs; returns those still running after `timeoutMs`. */
export async function waitGone(pids: number[], timeoutMs = 15_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!pids.some(isRunning)) return [];
    await sleep(100);
  }
  return pids.filter(isRunning);
}

/** Kills what a test started, children first, if it is still running (after a failure). */
export function killTree(pid: number | undefined): void {
  if (pid === undefined) return;
  for (const child of descendants(pid).reverse()) {
    try {
      process.kill(child, 'SIGKILL');
    } catch {}
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {}
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP or HTTPS request with node's own client (it can trust a private CA, unlike fetch). */
export function request(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
    ca,
  }: { method?: string; headers?: Record<string, string>; body?: string; ca?: string } = {},
): Promise<Answer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      target,
      { method, headers: { ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) }, ca },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
        // A server killed while its answer is on the way resets the connection mid-body.
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(10_000, () => outgoing.destroy(new Error(`no answer from ${url} in 10 s`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Sets the owner password in the site's database the documented way (`npm run owner:password`, piped). */
export async function setOwnerPassword(env: Record<string, string>, password: string): Promise<void> {
  const cli = spawn(process.execPath, ['dist/node/server/cli/owner-password.js'], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  cli.stdout.on('data', (chunk) => {
    output += chunk;
  });
  cli.stderr.on('data', (chunk) => {
    output += chunk;
  });
  cli.stdin.end(`${password}\n`);
  const code = await new Promise((resolve) => cli.once('exit', resolve));
  if (code !== 0) throw new Error(`owner:password failed: ${output}`);
}

/** Runs the built site (`node dist/node/server/main.js`) with `env`, until its health check answers. */
export async function startSite(env: Record<string, string>): Promise<Started & { url: string }> {
  const port = env.PORT ?? String(await freePort());
  const site = start(process.execPath, ['dist/node/server/main.js'], {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...env,
    PORT: port,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/api/v1/health`, { timeoutMs: 30_000 });
  } catch (error) {
    site.child.kill('SIGKILL');
    throw new Error(`${String(error)}\n${site.output()}`);
  }
  return { ...site, url };
}

/** An owner signed in on a site: requests with its session cookie, from the site's own origin. */
export interface Owner {
  cookie: string;
  send: (url: string, method: string, path: string, body?: unknown) => Promise<Answer>;
}

/** Signs the owner in at `url` (the password set with `setOwnerPassword`); the session works on every process. */
export async function signInOwner(url: string, password: string): Promise<Owner> {
  const answer = await request(`${url}/api/v1/owner/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ password }),
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.body}`);
  const cookie = String(answer.headers['set-cookie']).split(';')[0] ?? '';
  return {
    cookie,
    send: (site, method, path, body) =>
      request(`${site}${path}`, {
        method,
        headers: {
          cookie,
          origin: site,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}

/** The sections a visitor's browser reads (`/api/v1/pages/…`), in the order the content has them. */
export const SECTIONS = ['home', 'about', 'portfolio', 'footer'] as const;

/**
 * A copy of `content` with `marker` in every translated text of every section (a previous marker
 * replaced), so a section served from another version shows at once.
 */
export function marked<Content>(content: Content, marker: string): Content {
  const mark = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(mark);
    if (typeof value !== 'object' || value === null) return value;
    const record = value as Record<string, unknown>;
    const translated = ['lotin', 'russian', 'english'].every((language) => typeof record[language] === 'string');
    return Object.fromEntries(
      Object.entries(record).map(([key, item]) => [
        key,
        translated && typeof item === 'string' ? `${item.replace(/ ⟦[^⟧]*⟧/g, '')} ⟦${marker}⟧` : mark(item),
      ]),
    );
  };
  return mark(content) as Content;
}

/** The markers found in a text (see `marked`). */
export function markersIn(text: string): Set<string> {
  return new Set([...text.matchAll(/⟦([^⟧]*)⟧/g)].map((match) => match[1] ?? ''));
}
