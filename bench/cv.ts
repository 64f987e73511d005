// `npm run bench:cv` (also part of `npm run bench`): the CV on the built server, pinned to one CPU
// with wrk on the other. How long each language's PDF takes the first time (the first one also loads
// react-pdf and the fonts), the memory that costs, and requests per second of a cached PDF against
// the about page's HTML in the same run (absolute figures swing between runs; the ratio is the figure).
// Needs the build (`npm run build`) and Debian's `wrk`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBuiltSite } from '../scripts/built-site.js';
import { LOCALES } from '../src/shared/locales.js';
import { load } from './wrk.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SERVER_CPU = 0;
const LOAD_CPU = 1;
const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

function get(url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: BROWSER, agent: false }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
    })
      .on('error', reject)
      .end();
  });
}

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const site = await startBuiltSite({ LOG_LEVEL: 'warn' }, { cpu: SERVER_CPU });
const { url } = site;
try {
  const pid = site.process.pid ?? 0;
  const before = rssMiB(pid);
  const first: Record<string, unknown>[] = [];
  for (const paper of ['a4', 'letter'] as const) {
    for (const locale of LOCALES) {
      const path = `/cv/${locale}.pdf${paper === 'letter' ? '?paper=letter' : ''}`;
      const requested = performance.now();
      const answer = await get(`${url}${path}`);
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
      first.push({
        PDF: path,
        'first time ms': Math.round(performance.now() - requested),
        KB: Math.round(answer.bytes / 1024),
      });
    }
  }
  const after = rssMiB(pid);
  console.info('\nThe CV, made on its first request (the first also loads react-pdf and the fonts):');
  console.table(first);
  console.info(
    `Server memory: ${before.toFixed(0)} MiB RSS before the first CV, ${after.toFixed(0)} MiB after all six.`,
  );

  const workDir = mkdtempSync(path.join(tmpdir(), 'sahifa-bench-cv-wrk-'));
  const measure = (target: string) =>
    load({
      url: `${url}${target}`,
      connections: CONNECTIONS,
      seconds: SECONDS,
      cpu: LOAD_CPU,
      headers: BROWSER,
      workDir,
    });
  const html = measure('/about?lang=english');
  const uncounted = load({
    url: `${url}/cv/english.pdf`,
    connections: CONNECTIONS,
    seconds: SECONDS,
    cpu: LOAD_CPU,
    headers: { ...BROWSER, 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    workDir,
  });
  const counted = measure('/cv/english.pdf');
  rmSync(workDir, { recursive: true, force: true });
  const row = (answer: string, result: typeof html) => ({
    answer,
    'req/s': Math.round(result.requestsPerSecond),
    'p99 ms': result.p99Ms.toFixed(1),
    'vs HTML': `${(result.requestsPerSecond / html.requestsPerSecond).toFixed(2)}×`,
  });
  console.info(`\nCached answers, ${CONNECTIONS} connections for ${SECONDS} s each:`);
  console.table([
    row('about page (HTML, brotli)', html),
    row('CV PDF from the cache, not counted (a crawler)', uncounted),
    row('CV PDF from the cache, counted (a browser: one upsert each)', counted),
  ]);
} finally {
  site.stop();
}
