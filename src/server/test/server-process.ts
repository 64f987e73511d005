import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
}

/** The real entry point, as `npm start` runs it (from source, through tsx), with `env` added. */
export function startServer(env: Record<string, string>): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

/**
 * The servers and temporary folders of the tests in the enclosing `describe`: after each test its
 * servers are killed and its folders removed, so a failed test leaves nothing running into the next.
 */
export function serverProcesses(tempPrefix: string) {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    /** A new empty folder, named from `tempPrefix`. */
    tempDir(): string {
      const dir = mkdtempSync(path.join(tmpdir(), tempPrefix));
      dirs.push(dir);
      return dir;
    },
    /** startServer, its process killed after the test. */
    start(env: Record<string, string>): ServerProcess {
      const server = startServer(env);
      children.push(server.child);
      return server;
    },
  };
}

/** Waits for the log line that says where it listens; answers the port. */
export async function listeningPort(output: () => string, after = 0): Promise<number> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output().slice(after));
    if (match) return Number(match[1]);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not start:\n${output()}`);
}

/** Polls `check` every 100 ms until it answers true, for at most `ms`. */
export async function waitFor(check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out waiting');
}
