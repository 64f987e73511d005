#!/usr/bin/env node
// `npm test`: every check, in order: types, lint, unit and API tests, build (the server's without a
// second type-check: `tsc --noCheck`, since the type-check ran first), browser tests (Chromium, then the
// journeys in Firefox and WebKit).
// It installs what a fresh machine lacks (Debian's packages, when run as root; the native SQLite module
// when `npm ci --ignore-scripts` left it unbuilt) and ends with one summary line, "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';

const HEADLESS_CHROMIUM = process.env.HEADLESS_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

const began = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

function run(title, command, args, env = {}) {
  console.info(`\n▶ ${title}`);
  const start = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed (exit ${result.status ?? result.signal}) after ${seconds(start)}.`);
    summary();
    process.exit(1);
  }
  console.info(`✔ ${title}: ${seconds(start)}`);
}

/**
 * Debian packages the tests drive: headless Chromium for the browser tests, poppler-utils to read the CV PDFs,
 * Firefox ESR and WebKitGTK's WebDriver (in a virtual display) for the cross-engine journeys.
 */
const DEBIAN_PACKAGES = [
  { name: 'chromium-headless-shell', binary: HEADLESS_CHROMIUM },
  { name: 'poppler-utils', binary: '/usr/bin/pdftotext' },
  { name: 'firefox-esr', binary: '/usr/bin/firefox-esr' },
  { name: 'webkit2gtk-driver', binary: '/usr/bin/WebKitWebDriver' },
  { name: 'xvfb', binary: '/usr/bin/xvfb-run' },
];

function ensureDebianPackages() {
  const missing = DEBIAN_PACKAGES.filter((item) => !existsSync(item.binary)).map((item) => item.name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `The tests need these Debian packages: ${missing.join(', ')}.\n` +
        `Install them with: sudo apt-get install -y ${missing.join(' ')}  (HEADLESS_CHROMIUM_PATH may name another headless Chromium)`,
    );
    process.exit(1);
  }
  run(`Installing ${missing.join(', ')} from Debian (once per machine)`, 'bash', [
    '-c',
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')} >/dev/null`,
  ]);
}

const SQLITE_BINDING = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';

/**
 * The packages' install scripts, when `npm ci --ignore-scripts` skipped them (CI does, to save a minute):
 * better-sqlite3 compiles SQLite from source here (no prebuilt binary is reachable), about 80 s on one
 * core, so it runs beside the type-check and lint, which need no database; the tests wait for it.
 */
function buildNativeModules() {
  if (existsSync(SQLITE_BINDING)) return Promise.resolve();
  console.info('\n▶ Building the native SQLite module in the background (log: test-results/native-build.log)');
  const start = Date.now();
  const log = openSync('test-results/native-build.log', 'w');
  const child = spawn('npm', ['rebuild', 'better-sqlite3', 'esbuild'], { stdio: ['ignore', log, log] });
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      if (code !== 0 || !existsSync(SQLITE_BINDING)) {
        console.error(`\n✖ Building the native SQLite module failed (exit ${code}):\n`);
        console.error(readFileSync('test-results/native-build.log', 'utf8'));
        process.exit(1);
      }
      console.info(`✔ Native SQLite module: ${seconds(start)}`);
      resolve();
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function summary() {
  // Vitest's JSON for the unit and API tests and for the cross-engine journeys; Playwright's for Chromium.
  const vitestRuns = ['test-results/vitest.json', 'test-results/engines.json'].map(readJson);
  const browser = readJson('test-results/playwright.json');
  const sum = (count) => vitestRuns.reduce((total, run) => total + (count(run) ?? 0), 0);
  const passed = sum((run) => run?.numPassedTests) + (browser?.stats?.expected ?? 0) + (browser?.stats?.flaky ?? 0);
  const failed = sum((run) => run?.numFailedTests) + (browser?.stats?.unexpected ?? 0);
  const skipped = sum((run) => run?.numPendingTests) + sum((run) => run?.numTodoTests) + (browser?.stats?.skipped ?? 0);
  console.info(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} in ${seconds(began)}`);
}

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
ensureDebianPackages();
const nativeModules = buildNativeModules();
run('Type-check', 'npm', ['run', 'typecheck', '--silent']);
run('Lint, format and unused code (Biome, knip)', 'npm', ['run', 'lint', '--silent']);
await nativeModules;
run('Unit and API tests (Vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
run('Build', 'npm', ['run', 'build', '--silent']);
run('Browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
  E2E_PORT: String(process.env.E2E_PORT ?? (await freePort())),
  HEADLESS_CHROMIUM_PATH: HEADLESS_CHROMIUM,
});
// The Playwright suite has just driven Chromium through the same journeys (and more), so here the journeys
// run in the two other engines; `npm run test:engines` alone still runs all three.
run('Browser journeys in Firefox and WebKit', 'npm', ['run', 'test:engines', '--silent'], {
  ENGINES: process.env.ENGINES ?? 'firefox,webkit',
});
summary();
