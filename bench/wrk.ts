// wrk (Debian package) as the load generator: a native, multi-connection client that costs the
// measured server nothing, pinned to its own CPU.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  /** The CPU wrk runs on (`taskset -c`); the servers get the other one. */
  cpu: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Where the Lua script is written. */
  workDir: string;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connections wrk saw fail (connect, read, write or a 2 s timeout); reported, not hidden. */
  socketErrors: number;
}

const luaString = (text: string) => JSON.stringify(text);

/** The request to send, and a summary wrk prints as one JSON line when it is done (latency in µs). */
function script({ method = 'GET', headers = {}, body }: LoadOptions): string {
  return [
    `wrk.method = ${luaString(method)}`,
    ...Object.entries(headers).map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`),
    body === undefined ? '' : `wrk.body = ${luaString(body)}`,
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format(\'{"requests":%d,"micros":%d,"p50":%d,"p99":%d,"status":%d,"socket":%d}\\n\',',
    '    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),',
    '    e.status, e.connect + e.read + e.write + e.timeout))',
    'end',
  ].join('\n');
}

export function load(options: LoadOptions): LoadResult {
  const scriptFile = path.join(options.workDir, 'load.lua');
  writeFileSync(scriptFile, script(options));
  const result = spawnSync(
    'taskset',
    [
      '-c',
      String(options.cpu),
      'wrk',
      '--threads',
      '1',
      '--connections',
      String(options.connections),
      '--duration',
      `${options.seconds}s`,
      '--script',
      scriptFile,
      options.url,
    ],
    { encoding: 'utf8' },
  );
  const line = result.stdout?.split('\n').find((text) => text.startsWith('{"requests"'));
  if (result.status !== 0 || !line) throw new Error(`wrk failed for ${options.url}: ${result.stderr || result.stdout}`);
  const summary = JSON.parse(line) as {
    requests: number;
    micros: number;
    p50: number;
    p99: number;
    status: number;
    socket: number;
  };
  // An error answer is a broken benchmark; a rare socket error (a write queued past wrk's 2 s timeout
  // at 50 connections) is a figure to report, unless it is more than 1% of the requests.
  if (summary.status > 0 || summary.socket > summary.requests / 100) {
    throw new Error(`${options.url}: ${summary.status} answers of 400 or more, ${summary.socket} socket errors`);
  }
  return {
    requestsPerSecond: summary.requests / (summary.micros / 1e6),
    p50Ms: summary.p50 / 1000,
    p99Ms: summary.p99 / 1000,
    socketErrors: summary.socket,
  };
}
