// `npm run bench`: Sahifa's built server against nginx serving the same bytes from disk, both pinned to
// one CPU, with wrk pinned to the other. Absolute figures swing 10–50% between runs on shared
// machines; the ratio to nginx in the same run is what to compare across commits.
// Needs the build (`npm run build`) and Debian's `nginx-light`, `libnginx-mod-http-brotli-static`
// and `wrk` (README, Development).
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { freePort } from '../scripts/built-site.js';
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from '../src/server/server-runtime.js';
import { cvPath } from '../src/shared/cv.js';
import { LOCALES } from '../src/shared/locales.js';
import { runLighthouse } from './lighthouse-cli.js';
import { type StaticFile, startNginx } from './nginx.js';
import { phonePhoto, setOwnerPassword, signIn, uploadPhoto } from './owner.js';
import { type LoadResult, load } from './wrk.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * Each row is measured this many times, alternating Sahifa and nginx, and the best round of each is
 * kept: other work on a shared machine only ever slows a round down.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SERVER_CPU = 0;
const LOAD_CPU = 1;
/** What Chromium sends. */
const BROWSER_ENCODING = 'gzip, deflate, br, zstd';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request, body exactly as sent (fetch would decompress it). */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    // A fresh connection each time: wrk blocks this process for minutes, meanwhile the server closes
    // idle keep-alive connections, and reusing one would fail with EPIPE.
    request(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

function memoryMiB(child: ChildProcess): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** Starts the built server on one CPU; resolves with the time from spawn to its first page. */
async function startSahifa(dataDir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(
    'taskset',
    ['-c', String(SERVER_CPU), process.execPath, ...SERVER_NODE_FLAGS, 'dist/node/server/main.js'],
    {
      env: {
        ...process.env,
        ...SERVER_ENVIRONMENT,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        VISITOR_RATE_LIMIT: '100000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  while (child.exitCode === null && performance.now() - started < 60_000) {
    const answered = await get(`${url}/`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (answered) return { url, child, firstAnswerMs: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill('SIGKILL');
  throw new Error('The built site did not start (run `npm run build` first; its error is above).');
}

/** Headers as Sahifa sent them, less those each server writes itself (date, connection, length). */
function answerHeaders(raw: Raw): Record<string, string> {
  const own = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return Object.fromEntries(
    Object.entries(raw.headers)
      .filter(([name, value]) => !own.has(name) && typeof value === 'string')
      .map(([name, value]) => [name, String(value)]),
  );
}

/** The three copies of an answer exactly as Sahifa sends them, for nginx (and node:http) to serve. */
async function copyOf(url: string, name: string): Promise<StaticFile & { answers: Record<string, unknown> }> {
  const identity = await get(url);
  const br = await get(url, { 'accept-encoding': 'br' });
  const gzip = await get(url, { 'accept-encoding': 'gzip' });
  if (identity.status !== 200) throw new Error(`${url} answered ${identity.status}`);
  const answers: Record<string, unknown> = {
    identity: { headers: answerHeaders(identity), body: identity.body.toString('base64') },
  };
  if (br.headers['content-encoding'] === 'br')
    answers.br = { headers: answerHeaders(br), body: br.body.toString('base64') };
  if (gzip.headers['content-encoding'] === 'gzip') {
    answers.gzip = { headers: answerHeaders(gzip), body: gzip.body.toString('base64') };
  }
  return {
    name,
    answers,
    identity: identity.body,
    br: br.headers['content-encoding'] === 'br' ? br.body : brotliCompressSync(identity.body),
    gzip:
      gzip.headers['content-encoding'] === 'gzip'
        ? gzip.body
        : gzipSync(identity.body, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/** node:http alone, serving the copies with Sahifa's headers (node-ceiling.mjs), on the server's CPU. */
async function startNodeCeiling(files: { name: string; answers: Record<string, unknown> }[]) {
  const port = await freePort();
  const answersFile = path.join(workDir, 'answers.json');
  writeFileSync(answersFile, JSON.stringify(Object.fromEntries(files.map((file) => [`/${file.name}`, file.answers]))));
  const child = spawn(
    'taskset',
    [
      '-c',
      String(SERVER_CPU),
      process.execPath,
      path.join(import.meta.dirname, 'node-ceiling.mjs'),
      String(port),
      answersFile,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    const up = await get(`${url}/${files[0]?.name ?? ''}`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (up) return { url, stop: () => child.kill('SIGTERM') };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGTERM');
  throw new Error('the node:http ceiling server did not start');
}

/** The list of the app's modules in a built page (server/web-app/page-assets.ts), if it has one. */
function appModules(html: string): { entry: string; preload: string[] } | undefined {
  const list = /<script id="app-modules" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  return list ? (JSON.parse(list) as { entry: string; preload: string[] }) : undefined;
}

/** What a first visit downloads before the page works: scripts (and preloads) and styles of `/`, inline ones included. */
async function firstLoad(base: string, html: string) {
  const urls = [
    ...html.matchAll(/<script[^>]+src="(\/[^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href="(\/[^"]+)"/g),
    ...html.matchAll(/<link[^>]+href="(\/[^"]+)"[^>]+rel="(?:modulepreload|stylesheet)"/g),
  ].map((match) => match[1] ?? '');
  // The app's modules, which the page asks for after its first paint (decision 045).
  const modules = appModules(html);
  if (modules) urls.push(modules.entry, ...modules.preload);
  let gzip = 0;
  let br = 0;
  for (const url of new Set(urls)) {
    gzip += (await get(`${base}${url}`, { 'accept-encoding': 'gzip' })).body.length;
    br += (await get(`${base}${url}`, { 'accept-encoding': 'br' })).body.length;
  }
  // The page's styles come inline (server/web-app/page-assets.ts): counted as if they were files.
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
  for (const style of styles) {
    gzip += gzipSync(style, { level: constants.Z_BEST_COMPRESSION }).length;
    br += brotliCompressSync(style).length;
  }
  const htmlGzip = (await get(`${base}/`, { 'accept-encoding': 'gzip' })).body.length;
  return {
    files: new Set(urls).size,
    inlineStyles: styles.length,
    gzipKiB: gzip / 1024,
    brKiB: br / 1024,
    htmlGzipKiB: htmlGzip / 1024,
  };
}

const workDir = mkdtempSync(path.join(tmpdir(), 'sahifa-bench-'));
// nginx's workers run as `nobody` when started as root, and must reach the files inside.
chmodSync(workDir, 0o755);
const dataDir = path.join(workDir, 'data');
mkdirSync(dataDir);
await setOwnerPassword(dataDir);
const sahifa = await startSahifa(dataDir);
let stopNginx = () => {};
let stopCeiling = () => {};
try {
  const base = sahifa.url;
  const home = (await get(`${base}/`)).body.toString();
  const entry = appModules(home)?.entry;
  if (!entry) throw new Error('No entry script in the page');

  const targets = [
    { what: 'API section (/api/v1/pages/about)', url: '/api/v1/pages/about', copy: 'about.json' },
    { what: 'page HTML (/about)', url: '/about', copy: 'about.html' },
    { what: `entry script (${entry.replace(/^\/assets\//, '')})`, url: entry, copy: 'entry.js' },
  ];
  const files = await Promise.all(targets.map((target) => copyOf(`${base}${target.url}`, target.copy)));
  const nginx = await startNginx({ dir: path.join(workDir, 'nginx'), port: await freePort(), cpu: SERVER_CPU, files });
  stopNginx = nginx.stop;
  const ceiling = await startNodeCeiling(files);
  stopCeiling = ceiling.stop;

  const created = JSON.parse((await get(`${base}/api/v1/visitor/create/web`)).body.toString()) as {
    data: { token: string };
  };
  const once = (url: string, options: Partial<Parameters<typeof load>[0]> = {}): LoadResult =>
    load({ url, connections: CONNECTIONS, seconds: SECONDS, cpu: LOAD_CPU, workDir, ...options });
  const best = (results: LoadResult[]) =>
    results.reduce((top, result) => (result.requestsPerSecond > top.requestsPerSecond ? result : top));
  /** Sahifa and its baselines, round after round in turn, best round of each. */
  function compare(url: string, references: string[], options: Partial<Parameters<typeof load>[0]> = {}) {
    // Node compiles its hot paths after the first thousands of requests: warm up before measuring.
    const servers = [url, ...references];
    for (const server of servers) once(server, { ...options, seconds: 2 });
    const rounds = servers.map((): LoadResult[] => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, server] of servers.entries()) rounds[index]?.push(once(server, options));
    }
    const [measured, ...baselines] = rounds.map(best);
    if (!measured) throw new Error('nothing measured');
    return { measured, baselines };
  }
  const fixed = (value: number, digits = 1) => Number(value.toFixed(digits));

  const rows: Record<string, unknown>[] = [];
  const withVersusWithout: string[] = [];
  for (const target of targets) {
    let plainRate = 0;
    for (const encoding of ['none', 'browser'] as const) {
      const headers: Record<string, string> = encoding === 'browser' ? { 'accept-encoding': BROWSER_ENCODING } : {};
      const { measured, baselines } = compare(
        `${base}${target.url}`,
        [`${nginx.url}/${target.copy}`, `${ceiling.url}/${target.copy}`],
        { headers },
      );
      const [reference, node] = baselines;
      if (!reference || !node) throw new Error('no baseline');
      if (encoding === 'none') plainRate = measured.requestsPerSecond;
      else withVersusWithout.push(`${target.what} ${(measured.requestsPerSecond / plainRate).toFixed(2)}×`);
      rows.push({
        what: target.what,
        'Accept-Encoding': encoding === 'browser' ? 'browser' : 'none',
        'req/s': Math.round(measured.requestsPerSecond),
        'p50 ms': fixed(measured.p50Ms, 2),
        'p99 ms': fixed(measured.p99Ms, 2),
        'nginx req/s': Math.round(reference.requestsPerSecond),
        'nginx p99 ms': fixed(reference.p99Ms, 2),
        'vs nginx': `${(measured.requestsPerSecond / reference.requestsPerSecond).toFixed(2)}×`,
        'node:http req/s': Math.round(node.requestsPerSecond),
        'node:http vs nginx': `${(node.requestsPerSecond / reference.requestsPerSecond).toFixed(2)}×`,
        'vs node:http': `${(measured.requestsPerSecond / node.requestsPerSecond).toFixed(2)}×`,
        'socket errors': measured.socketErrors,
      });
    }
  }
  const { measured: write } = compare(`${base}/api/v1/visitor/visit/web`, [], {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-visitor-key': created.data.token },
    body: JSON.stringify({ path: '/about', locale: 'lotin', theme: 'dark' }),
  });
  rows.push({
    what: 'a write (POST /api/v1/visitor/visit/web, SQLite)',
    'Accept-Encoding': 'none',
    'req/s': Math.round(write.requestsPerSecond),
    'p50 ms': fixed(write.p50Ms, 2),
    'p99 ms': fixed(write.p99Ms, 2),
    'nginx req/s': '—',
    'nginx p99 ms': '—',
    'vs nginx': '—',
    'node:http req/s': '—',
    'node:http vs nginx': '—',
    'vs node:http': '—',
    'socket errors': write.socketErrors,
  });

  const memory = memoryMiB(sahifa.child);
  // The rest of issue 29's load, on the same server: Lighthouse on four pages, the owner's upload of a
  // phone photo, a CV PDF in each language (made in the CV process, whose memory is not the server's).
  const lighthousePages = ['/', '/about', '/portfolio', '/contact'];
  for (const page of lighthousePages) runLighthouse(`${base}${page}`, path.join(workDir, 'lighthouse.json'));
  await uploadPhoto(base, await signIn(base), await phonePhoto(), 'portfolio/bench-photo.jpg');
  for (const locale of LOCALES) {
    const cv = await get(`${base}${cvPath(locale)}`);
    if (cv.status !== 200) throw new Error(`${cvPath(locale)}: ${cv.status}`);
  }
  // The picture's variants are made in the background after the upload's answer: let them finish.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const memoryAfterAll = memoryMiB(sahifa.child);
  const download = await firstLoad(base, home);
  console.info(
    `\nSahifa benchmark: wrk, ${CONNECTIONS} connections, best of ${ROUNDS} rounds of ${SECONDS} s per row; Sahifa (Node ${process.version}, ` +
      `LOG_LEVEL=warn, SQLite) and nginx ${nginx.version}${nginx.brotli ? ' with brotli_static' : ' (no brotli module: gzip only)'} ` +
      `on CPU ${SERVER_CPU}, wrk on CPU ${LOAD_CPU}. "browser" sends Accept-Encoding: ${BROWSER_ENCODING}. ` +
      '"node:http" is Node\'s HTTP server alone sending the same bytes and headers from memory (bench/node-ceiling.mjs): ' +
      'the most any server on this Node could do.',
  );
  console.table(rows);
  console.info(
    `With a browser's Accept-Encoding, as a share of the same answer without: ${withVersusWithout.join('; ')}.`,
  );
  console.info(
    `Server memory after the load: ${memory.rss.toFixed(0)} MiB RSS (peak ${memory.peak.toFixed(0)} MiB); after ` +
      `Lighthouse on ${lighthousePages.join(', ')}, a 12-megapixel upload and a CV in each language besides: ` +
      `${memoryAfterAll.rss.toFixed(0)} MiB RSS (peak ${memoryAfterAll.peak.toFixed(0)} MiB; the goal is 150). ` +
      `Time from start to the first answered page: ${sahifa.firstAnswerMs.toFixed(0)} ms.`,
  );
  console.info(
    `First load of /: ${download.gzipKiB.toFixed(1)} KiB gzipped (${download.brKiB.toFixed(1)} KiB brotli) of scripts ` +
      `and styles (${download.files} files and ${download.inlineStyles} inline styles), plus ${download.htmlGzipKiB.toFixed(1)} KiB ` +
      'of HTML (the inline styles included); fonts and pictures not counted.',
  );
} finally {
  stopNginx();
  stopCeiling();
  sahifa.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  rmSync(workDir, { recursive: true, force: true });
}
