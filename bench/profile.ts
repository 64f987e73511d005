// `npm run bench:profile`: where the built server's time goes under load. The server runs with its real
// runtime settings plus `--cpu-prof`, pinned to one CPU, while wrk (on the other) asks for an API
// section and then a page's HTML; its profile is summed by self time into the places that decision
// 018 speaks of: the kernel's socket writes, Node's HTTP internals, Fastify and its plugins, Sahifa's
// own code, garbage collection. The profile file stays in PROFILE_DIR (default: a temporary folder)
// for Chrome DevTools' Performance panel.
// Needs the build (`npm run build`) and Debian's `wrk`.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/built-site.js';
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from '../src/server/server-runtime.js';
import { load } from './wrk.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SERVER_CPU = 0;
const LOAD_CPU = 1;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The place a function belongs to, from its script's address. */
function placeOf({ functionName, url }: ProfileNode['callFrame']): string {
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(idle)') return 'idle (waiting for requests)';
  if (functionName === '(program)') return 'V8 and native code outside JavaScript';
  if (url === '') return `native: ${functionName || '(anonymous)'}`;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return `library: ${modules[1]}`;
  if (url.startsWith('node:')) return `Node: ${url.replace(/^node:(internal\/)?/, '').split('/')[0]}`;
  if (url.includes('/dist/node/')) return 'Sahifa';
  return url;
}

/**
 * Self time per place, as shares of the profile's busy time (idle left out), over the samples taken
 * from `fromMicros` on (the measured load: start-up, warm-up and shutdown left out).
 */
function summarize(profile: CpuProfile, fromMicros: number, toMicros: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const micros = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    const node = byId.get(id);
    if (!node || at < fromMicros || at > toMicros) return;
    const place = placeOf(node.callFrame);
    micros.set(place, (micros.get(place) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const idle = micros.get('idle (waiting for requests)') ?? 0;
  micros.delete('idle (waiting for requests)');
  const busy = [...micros.values()].reduce((sum, value) => sum + value, 0);
  const rows = [...micros.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 14)
    .map(([place, time]) => ({ place, 'share of busy time': `${((time / busy) * 100).toFixed(1)} %` }));
  return { rows, busyShare: busy / (busy + idle) };
}

async function profiled(url: string, label: string, workDir: string, profileDir: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(workDir, `data-${label}`);
  mkdirSync(dataDir);
  const child = spawn(
    'taskset',
    [
      '-c',
      String(SERVER_CPU),
      process.execPath,
      ...SERVER_NODE_FLAGS,
      '--cpu-prof',
      `--cpu-prof-dir=${profileDir}`,
      `--cpu-prof-name=${label}.cpuprofile`,
      'dist/node/server/main.js',
    ],
    {
      env: {
        ...process.env,
        ...SERVER_ENVIRONMENT,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const started = performance.now();
  while (
    !(await fetch(`${base}/`).then(
      (answer) => answer.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || performance.now() - started > 60_000) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Warm up first, as Node compiles its hot paths after the first thousands of requests.
  load({ url: `${base}${url}`, connections: 50, seconds: 2, cpu: LOAD_CPU, workDir });
  const loadStarted = performance.now();
  const result = load({ url: `${base}${url}`, connections: 50, seconds: SECONDS, cpu: LOAD_CPU, workDir });
  const loadEnded = performance.now();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  const file = readdirSync(profileDir).find((name) => name === `${label}.cpuprofile`);
  if (!file) throw new Error(`no profile for ${label}`);
  const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
  // The profile's clock starts with the process: place the load's window on it from the end, which
  // came a moment after the load (the server's shutdown).
  const shutdownMicros = (performance.now() - loadEnded) * 1000;
  const to = profile.endTime - shutdownMicros;
  const from = to - (loadEnded - loadStarted) * 1000;
  return { result, ...summarize(profile, from, to), file: path.join(profileDir, file) };
}

const workDir = mkdtempSync(path.join(tmpdir(), 'sahifa-profile-'));
const profileDir = process.env.PROFILE_DIR ?? path.join(workDir, 'profiles');
mkdirSync(profileDir, { recursive: true });
for (const [label, url] of [
  ['api-section', '/api/v1/pages/about'],
  ['page-html', '/about'],
] as const) {
  const { result, rows, busyShare, file } = await profiled(url, label, workDir, profileDir);
  console.info(
    `\n${url}: ${Math.round(result.requestsPerSecond)} req/s with the profiler on (it costs some); the server was busy ` +
      `${(busyShare * 100).toFixed(0)} % of the time. Self time by place (${file}):`,
  );
  console.table(rows);
}
