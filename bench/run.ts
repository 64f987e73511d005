// `npm run bench`: throughput, latency and memory of the built server, each throughput also as a ratio
// against a bare node:http server answering the same bytes in the same run (absolute figures swing
// 10–50% between runs on shared machines; the ratio is what to compare across commits).
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { freePort, startBuiltSite } from '../scripts/built-site.js';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

function peakMemoryMiB(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function load(url: string, options: Partial<autocannon.Options> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, ...options });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** What a first visit downloads before the page can render: the entry script and stylesheets, gzipped. */
function firstLoadKiB(): { script: number; styles: number } {
  const html = readFileSync('dist/web/index.html', 'utf8');
  const size = (pattern: RegExp) =>
    [...html.matchAll(pattern)]
      .map((match) => gzipSync(readFileSync(path.join('dist/web', match[1] ?? ''))).length)
      .reduce((sum, bytes) => sum + bytes, 0) / 1024;
  return {
    script: size(/<script[^>]+src="\/([^"]+)"/g),
    styles: size(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g),
  };
}

const site = await startBuiltSite({ VISITOR_RATE_LIMIT: '100000' });
const server = site.process;
const base = site.url;
try {
  const idleMiB = peakMemoryMiB(server);

  // The baseline answers exactly the bytes Sahifa answers, with nothing in between.
  const aboutBody = await (await fetch(`${base}/api/v1/pages/about`)).text();
  const pageBody = await (await fetch(`${base}/about`)).text();
  const baselinePort = await freePort();
  const baseline = createHttpServer((request, response) => {
    const isApi = request.url?.startsWith('/api/');
    response.writeHead(200, { 'content-type': isApi ? 'application/json' : 'text/html; charset=utf-8' });
    response.end(isApi ? aboutBody : pageBody);
  });
  await new Promise<void>((resolve) => baseline.listen(baselinePort, '127.0.0.1', resolve));
  const baselineUrl = `http://127.0.0.1:${baselinePort}`;

  const created = (await (await fetch(`${base}/api/v1/visitor/create/web`)).json()) as { data: { token: string } };
  const { token } = created.data;
  const rows: Record<string, unknown>[] = [];
  const scenarios = [
    {
      name: 'GET /api/v1/pages/about',
      url: `${base}/api/v1/pages/about`,
      baseline: `${baselineUrl}/api/v1/pages/about`,
    },
    { name: 'GET /about (HTML page)', url: `${base}/about`, baseline: `${baselineUrl}/about` },
    {
      name: 'POST /api/v1/visitor/visit/web (a write)',
      url: `${base}/api/v1/visitor/visit/web`,
      options: {
        method: 'POST' as const,
        headers: { 'content-type': 'application/json', 'x-visitor-key': token },
        body: JSON.stringify({ path: '/about', locale: 'lotin', theme: 'dark' }),
      },
    },
  ];
  for (const scenario of scenarios) {
    const measured = await load(scenario.url, scenario.options);
    const reference = scenario.baseline ? await load(scenario.baseline) : undefined;
    rows.push({
      scenario: scenario.name,
      'req/s': Math.round(measured.requestsPerSecond),
      'p50 ms': measured.p50,
      'p99 ms': measured.p99,
      'vs bare node:http': reference
        ? `${((measured.requestsPerSecond / reference.requestsPerSecond) * 100).toFixed(0)}%`
        : '—',
    });
  }
  baseline.close();
  console.info(
    `\nSahifa benchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, SQLite, Node ${process.version}`,
  );
  console.table(rows);
  const download = firstLoadKiB();
  console.info(
    `First load: ${download.script.toFixed(0)} KiB of script and ${download.styles.toFixed(0)} KiB of styles (gzipped), before fonts and pictures.`,
  );
  console.info(
    `Server memory: ${idleMiB.toFixed(0)} MiB peak RSS at start, ${peakMemoryMiB(server).toFixed(0)} MiB peak RSS after the load.`,
  );
} finally {
  site.stop();
}
