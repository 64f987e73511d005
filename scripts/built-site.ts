// Starting the built site for tools (benchmark, screenshots): a free port, a throwaway database.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from '../src/server/server-runtime.js';

/** Debian's Chromium as root: no sandbox, and no reaching for the (closed) internet at every start. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The same Chromium built for headless use alone (Debian's chromium-headless-shell, the build
 * Playwright itself runs headless), for the browser tests: the full browser's headless mode keeps
 * its whole window machinery busy, which cost the Playwright suite a sixth of its time on two cores.
 */
export const HEADLESS_CHROMIUM_PATH = process.env.HEADLESS_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Headless Chromium names itself "HeadlessChrome", a crawler to the visitor statistics (which then
 * count nothing); tests and tools browse as the desktop Chromium they are.
 */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface BuiltSite {
  url: string;
  process: ChildProcess;
  /** The throwaway DATA_DIR (its SQLite database is `sahifa.sqlite`), for tools that prepare data. */
  dataDir: string;
  /** What the server has printed on its standard output so far (the log, at LOG_LEVEL). */
  output: () => string;
  stop: () => void;
}

/**
 * Runs dist/node/server/main.js as `npm run serve` does (its runtime settings) until it answers, with
 * `env` added to the environment. `cpu` pins it to one CPU (the benches: wrk gets the other);
 * `prepare` gets the data folder before the server starts (a bench that sets the owner's password).
 */
export async function startBuiltSite(
  env: Record<string, string> = {},
  { cpu, prepare }: { cpu?: number; prepare?: (dataDir: string) => Promise<void> } = {},
): Promise<BuiltSite> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-site-'));
  await prepare?.(dataDir);
  const command = [process.execPath, ...SERVER_NODE_FLAGS, 'dist/node/server/main.js'];
  const pinned = cpu === undefined ? command : ['taskset', '-c', String(cpu), ...command];
  const child = spawn(pinned[0] ?? process.execPath, pinned.slice(1), {
    env: {
      ...process.env,
      ...SERVER_ENVIRONMENT,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  // About 5 s on an idle two-core machine (the migrations, the content folder's import); several
  // times that while browser tests load both cores. It returns as soon as the site answers.
  for (let attempt = 0; attempt < 600; attempt++) {
    if (
      await fetch(`${url}/api/v1/pages/footer`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { url, process: child, dataDir, output: () => output, stop };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error('The built site did not start (run `npm run build` first; its error is above).');
}
