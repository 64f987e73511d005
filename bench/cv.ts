// `npm run bench:cv` (also part of `npm run bench`): the CV on the built server, pinned to one CPU
// with wrk on the other. How long each language's PDF takes the first time (the first one also loads
// react-pdf and the fonts), the memory that costs, and requests per second of a cached PDF against
// the about page's HTML in the same run (absolute figures swing between runs; the ratio is the figure).
// Then a publish: a new content version written to the database (as another process
// publishes), and as soon as the server serves it, 50 CV requests at once while a visitor loads a
// page one request after another: the page's p50/p99 while the CVs are made, the server's memory, and
// its child processes' (the CV process) at their peak and once it has been let go.
// Needs the build (`npm run build`) and Debian's `wrk`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBuiltSite } from '../scripts/built-site.js';
import { createDatabase } from '../src/server/db/database.js';
import { latestContentVersion, publishContentVersion } from '../src/server/repositories/content-repository.js';
import { LOCALES } from '../src/shared/locales.js';
import type { SiteContent } from '../src/shared/schemas/content.js';
import { load } from './wrk.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CV_REQUESTS = Number(process.env.BENCH_CV_REQUESTS ?? 50);
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

/** The RSS of the server's child processes now (the CV process, when one runs). */
function childrenRssMiB(pid: number): number {
  let children: string[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    return 0;
  }
  let total = 0;
  for (const child of children) {
    try {
      total += rssMiB(Number(child));
    } catch {
      // It exited meanwhile.
    }
  }
  return total;
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;

/**
 * Publishes a new version (the owner's role changed) into the site's database as another process
 * would, waits until the site serves it (its content-refresh job looks every second), then sends
 * CV_REQUESTS CV requests at once (every language and paper, in turn) while a visitor asks for a
 * page again and again, one request at a time, until the last CV is answered.
 */
async function publishThenCvBurst(url: string, dataDir: string, pid: number) {
  const db = createDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'sahifa.sqlite') });
  try {
    const latest = await latestContentVersion(db);
    if (!latest) throw new Error('the site has no published version');
    const content = structuredClone(latest.content) as SiteContent;
    const marker = `bench ${Date.now()}`;
    content.identity.role.english = `${content.identity.role.english} (${marker})`;
    const before = rssMiB(pid);
    const { number } = await publishContentVersion(db, content, { source: 'editor', note: marker });
    const published = performance.now();
    // A section's ETag carries the version it was made from.
    const servedTag = async () => (await fetch(`${url}/api/v1/pages/footer`)).headers.get('etag') ?? '';
    while (!(await servedTag()).startsWith(`"v${number}-`)) {
      if (performance.now() - published > 10_000) throw new Error('the new version was not served within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const served = performance.now();
    const targets = Array.from({ length: CV_REQUESTS }, (_, index) => {
      const locale = LOCALES[index % LOCALES.length];
      return `/cv/${locale}.pdf${Math.floor(index / LOCALES.length) % 2 === 1 ? '?paper=letter' : ''}`;
    });
    let cvsDone = false;
    const cvs = Promise.all(
      targets.map(async (target) => {
        const answer = await get(`${url}${target}`);
        if (answer.status !== 200) throw new Error(`${target}: ${answer.status}`);
      }),
    ).finally(() => {
      cvsDone = true;
    });
    const pageTimes: number[] = [];
    let childrenPeak = 0;
    while (!cvsDone) {
      const asked = performance.now();
      const answer = await get(`${url}/about?lang=english`);
      if (answer.status !== 200) throw new Error(`/about: ${answer.status}`);
      pageTimes.push(performance.now() - asked);
      childrenPeak = Math.max(childrenPeak, childrenRssMiB(pid));
    }
    await cvs;
    const allCvs = performance.now() - served;
    const after = rssMiB(pid);
    // A CV process is let go after a few idle seconds (decision 038): what it took leaves with it.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const childrenLater = childrenRssMiB(pid);
    pageTimes.sort((a, b) => a - b);
    console.info(
      `\nRight after a publish (served ${Math.round(served - published)} ms after it was written), ${CV_REQUESTS} CV requests at once:`,
    );
    console.table([
      {
        'visitor page loads': pageTimes.length,
        'page p50 ms': percentile(pageTimes, 0.5).toFixed(1),
        'page p99 ms': percentile(pageTimes, 0.99).toFixed(1),
        'page max ms': (pageTimes.at(-1) ?? Number.NaN).toFixed(1),
        'all CVs answered ms': Math.round(allCvs),
        'RSS before MiB': before.toFixed(0),
        'RSS after MiB': after.toFixed(0),
        'child processes peak MiB': childrenPeak.toFixed(0),
        'child processes 6 s later MiB': childrenLater.toFixed(0),
      },
    ]);
  } finally {
    await db.destroy();
  }
}

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
  await publishThenCvBurst(url, site.dataDir, pid);

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
