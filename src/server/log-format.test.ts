import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { prettyLine, serverLogging } from './log-format.js';
import { writeContentDir } from './test/sample-content.js';
import { waitFor } from './test/server-process.js';

const time = Date.UTC(2026, 0, 5, 9, 30, 15);

describe('readable log lines', () => {
  it('a request is one line: method, route, status and time', () => {
    const line = prettyLine(
      JSON.stringify({
        level: 30,
        time,
        reqId: 'req-1',
        req: { method: 'GET', url: '/api/v1/pages/:section', host: 'localhost' },
        res: { statusCode: 200 },
        responseTime: 3.4,
        msg: 'request completed',
      }),
      false,
    );
    expect(line).toMatch(/^\d\d:\d\d:\d\d GET \/api\/v1\/pages\/:section 200 3 ms$/);
  });

  it('warnings and errors are named and coloured; other fields follow; an error keeps its stack', () => {
    const warning = prettyLine(
      JSON.stringify({ level: 40, time, msg: 'PUBLIC_URL is not set', component: 'jobs' }),
      true,
    );
    expect(warning).toContain('\u001b[33mWARN\u001b[39m');
    expect(warning).toContain('\u001b[33mPUBLIC_URL is not set\u001b[39m');
    expect(warning).toContain('component=jobs');
    const error = prettyLine(
      JSON.stringify({
        level: 50,
        time,
        msg: 'shutdown failed',
        err: { message: 'boom', stack: 'Error: boom\n    at x' },
      }),
      false,
    );
    expect(error.split('\n')).toEqual([
      expect.stringMatching(/ ERROR shutdown failed$/),
      '    Error: boom',
      '        at x',
    ]);
    expect(prettyLine('not json', true)).toBe('not json');
  });

  it('LOG_FORMAT auto is readable in a terminal only; pretty and json force either', () => {
    const terminal = { isTTY: true, write: () => true };
    const pipe = { write: () => true };
    expect(serverLogging({ level: 'info', format: 'auto' }, terminal).logController).toBeDefined();
    expect(serverLogging({ level: 'info', format: 'auto' }, pipe).logController).toBeUndefined();
    expect(serverLogging({ level: 'info', format: 'pretty' }, pipe).logController).toBeDefined();
    expect(serverLogging({ level: 'info', format: 'json' }, terminal).logController).toBeUndefined();
  });
});

describe('what the server prints', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0))
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** The real entry point, its output a pseudo-terminal (util-linux `script`) or a pipe. */
  function serve(terminal: boolean) {
    const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-log-'));
    dirs.push(dir);
    const command = [process.execPath, '--import', 'tsx', 'src/server/main.ts'];
    const child = spawn(
      terminal ? 'script' : (command[0] ?? ''),
      terminal ? ['-qfec', command.join(' '), '/dev/null'] : command.slice(1),
      {
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: '0',
          LOG_LEVEL: 'info',
          CONTENT_DIR: writeContentDir(path.join(dir, 'content')),
          DATA_DIR: dir,
          WEB_ROOT: dir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    children.push(child);
    let output = '';
    const collect = (chunk: Buffer) => {
      output += stripVTControlCharacters(String(chunk)).replaceAll('\r', '');
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    return () => output;
  }

  async function linesAfterOneRequest(output: () => string) {
    // From source through tsx, the server takes 5-20 s to start while the suite loads the machine.
    const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;
    await waitFor(() => listening.test(output()), 45_000);
    const port = Number(listening.exec(output())?.[1]);
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/pages/home?ref=newsletter`)).status).toBe(200);
    await waitFor(() => /request completed|\/api\/v1\/pages\/home 200/.test(output()));
    return output().split('\n').filter(Boolean);
  }

  it('in a terminal: readable lines, one per request, the warning marked', { timeout: 90_000 }, async () => {
    const lines = await linesAfterOneRequest(serve(true));
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
    expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d Sahifa is ready at http:\/\/127\.0\.0\.1:\d+/));
    expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d WARN The site's address is not set/));
    const requests = lines.filter((line) => line.includes('/api/v1/pages'));
    expect(requests).toEqual([expect.stringMatching(/^\d\d:\d\d:\d\d GET \/api\/v1\/pages\/home 200 \d+ ms$/)]);
  });

  it('through a pipe: JSON lines, as before', { timeout: 90_000 }, async () => {
    const lines = await linesAfterOneRequest(serve(false));
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain('incoming request');
    expect(messages).toContain('request completed');
  });
});
